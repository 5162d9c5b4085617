// Small schema checker: collects every offending path so VALIDATION_ERROR can list them all.
import { validationError, type PathIssue } from "./envelope";

export type JsonObject = Record<string, unknown>;
export const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

interface StringRule {
  required?: boolean;
  nullable?: boolean;
  min?: number;
  max?: number;
}

export const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

export class Checker {
  readonly issues: PathIssue[] = [];

  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  /** undefined = absent (or invalid), null = explicit null where allowed. */
  string(obj: JsonObject, key: string, path: string, rule: StringRule = {}): string | null | undefined {
    const value = obj[key];
    const at = join(path, key);
    if (value === undefined || (value === null && !rule.nullable)) {
      if (rule.required) this.add(at, "is required");
      else if (value === null) this.add(at, "must be a string");
      return undefined;
    }
    if (value === null) return null;
    if (typeof value !== "string") {
      this.add(at, "must be a string");
      return undefined;
    }
    const min = rule.min ?? (rule.required ? 1 : 0);
    if (value.length < min) {
      this.add(at, min === 1 ? "must not be empty" : `must be at least ${min} characters`);
      return undefined;
    }
    if (rule.max !== undefined && value.length > rule.max) {
      this.add(at, `must be at most ${rule.max} characters`);
      return undefined;
    }
    return value;
  }

  integer(obj: JsonObject, key: string, path: string, rule: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = obj[key];
    const at = join(path, key);
    if (value === undefined || value === null) {
      if (rule.required || value === null) this.add(at, "is required and must be an integer");
      return undefined;
    }
    if (typeof value !== "number" || !Number.isSafeInteger(value)) {
      this.add(at, "must be an integer");
      return undefined;
    }
    if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
      this.add(at, `must be between ${rule.min ?? "-∞"} and ${rule.max ?? "∞"}`);
      return undefined;
    }
    return value;
  }

  boolean(obj: JsonObject, key: string, path: string): boolean | undefined {
    const value = obj[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "boolean") {
      this.add(join(path, key), "must be a boolean");
      return undefined;
    }
    return value;
  }

  oneOf<T extends string>(obj: JsonObject, key: string, path: string, allowed: readonly T[]): T | undefined {
    const value = obj[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      this.add(join(path, key), `must be one of ${allowed.join(", ")}`);
      return undefined;
    }
    return value as T;
  }

  object(obj: JsonObject, key: string, path: string, required: boolean): JsonObject | undefined {
    const value = obj[key];
    if (value === undefined || value === null) {
      if (required) this.add(join(path, key), "is required and must be an object");
      return undefined;
    }
    if (!isObject(value)) {
      this.add(join(path, key), "must be an object");
      return undefined;
    }
    return value;
  }

  throwIfAny(): void {
    if (this.issues.length > 0) throw validationError(this.issues);
  }
}

export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
