// The live preview, drawn to scale in millimetres from the catalogue (pure: props in, SVG out).
import { useId } from "react";
import type { ProductSlug } from "~/models/print-products";
import type { CatalogueView } from "~/ui/catalogue-view";
import { previewLayout } from "./layout";

export interface FramePreviewProps {
  slug: ProductSlug | "";
  selections: Record<string, string>;
  catalogue: CatalogueView | null;
  imageUrl: string | null;
  /** Largest side of the drawing in CSS pixels. */
  maxPx?: number;
}

export function FramePreview({ slug, selections, catalogue, imageUrl, maxPx = 320 }: FramePreviewProps) {
  const id = useId().replace(/:/g, "");
  const layout = previewLayout({ slug, selections, catalogue });
  const pad = Math.max(layout.widthMm, layout.heightMm) * 0.04;
  const vbW = layout.widthMm + 2 * pad;
  const vbH = layout.heightMm + 2 * pad;
  const scale = maxPx / Math.max(vbW, vbH);
  const a = layout.artwork;
  const font = Math.max(vbW, vbH) * 0.035;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="frame-preview"
        data-width-mm={Math.round(layout.widthMm)}
        data-height-mm={Math.round(layout.heightMm)}
        width={Math.round(vbW * scale)}
        height={Math.round(vbH * scale)}
        viewBox={`${-pad} ${-pad} ${vbW} ${vbH}`}
      >
        <title id={`${id}-title`}>Preview of the print</title>
        <desc id={`${id}-desc`}>{layout.description}</desc>
        <defs>
          <pattern id={`${id}-ph`} width={font * 2} height={font * 2} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={font * 2} height={font * 2} fill="#e3e6ea" />
            <rect width={font} height={font * 2} fill="#d4d8de" />
          </pattern>
          <clipPath id={`${id}-clip`}>
            <rect x={a.x} y={a.y} width={a.w} height={a.h} />
          </clipPath>
        </defs>
        {layout.shapes.map((s, i) =>
          s.role === "artwork" ? null : (
            <rect key={i} data-role={s.role} x={s.x} y={s.y} width={s.w} height={s.h} fill={s.fill} stroke={s.role === "frame" ? "rgba(0,0,0,.35)" : "none"} strokeWidth={font / 10} />
          ),
        )}
        {imageUrl ? (
          <image data-role="artwork" href={imageUrl} x={a.x} y={a.y} width={a.w} height={a.h} preserveAspectRatio="xMidYMid slice" clipPath={`url(#${id}-clip)`} />
        ) : (
          <g data-role="artwork">
            <rect x={a.x} y={a.y} width={a.w} height={a.h} fill={`url(#${id}-ph)`} />
            <text x={a.x + a.w / 2} y={a.y + a.h / 2} fontSize={font} textAnchor="middle" dominantBaseline="middle" fill="#4a4f57">
              Artwork
            </text>
          </g>
        )}
      </svg>
      <figcaption>
        <span>{layout.description}</span>
        {layout.notes.map((n) => (
          <span key={n} style={{ display: "block", color: "#616161" }}>
            {n}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
