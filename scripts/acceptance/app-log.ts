// The demo's own output after its ready line: warnings and errors, grouped so that a flood of one
// message reads as one line with a count. Crashes (unhandled rejections, uncaught exceptions) are
// violations; the rest is context for the report.

const NOTEWORTHY = /error|fail|warn|exception|timed out|"level":(40|50|60)/i;
const CRASH = /unhandled|uncaught|FATAL|"level":60/i;

const shape = (line: string) =>
  line.replace(/"time":\d+/g, "").replace(/gid:\/\/shopify\/\w+\/\d+/g, "<gid>").replace(/\b[0-9a-f]{8,}\b/gi, "<hex>").replace(/\d+/g, "<n>").slice(0, 240);

export interface AppLogSummary {
  groups: Array<{ count: number; example: string }>;
  crashes: string[];
}

export function summariseAppLog(output: string, afterMarker: string): AppLogSummary {
  const at = output.indexOf(afterMarker);
  const lines = (at >= 0 ? output.slice(at + afterMarker.length) : output).split(/\r?\n/).filter((l) => NOTEWORTHY.test(l));
  const byShape = new Map<string, { count: number; example: string }>();
  for (const line of lines) {
    const key = shape(line);
    const g = byShape.get(key) ?? { count: 0, example: line.slice(0, 400) };
    g.count += 1;
    byShape.set(key, g);
  }
  return {
    groups: [...byShape.values()].sort((a, b) => b.count - a.count),
    crashes: lines.filter((l) => CRASH.test(l)).slice(0, 10),
  };
}
