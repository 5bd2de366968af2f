/** Building blocks of the how-to pictures (160×100 canvas). */

const SURFACE = 'var(--collector-surface)';
export const ACCENT = 'var(--collector-accent)';
export const SUCCESS = 'var(--collector-success)';

/** An application window with its title bar. */
export function AppWindow({
  x = 20,
  y = 14,
  width = 120,
  height = 72,
}: {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}) {
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx={6} fill={SURFACE} />
      <path d={`M${x} ${y + 12}h${width}`} />
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={x + 8 + i * 7} cy={y + 6} r={1.6} fill="currentColor" stroke="none" />
      ))}
    </g>
  );
}

/** A phone standing at (x, y), 30 wide and 54 high. */
export function Phone({ x, y, screen }: { x: number; y: number; screen?: string }) {
  return (
    <g>
      <rect x={x} y={y} width={30} height={54} rx={5} fill={SURFACE} />
      <rect
        x={x + 4}
        y={y + 7}
        width={22}
        height={38}
        rx={1.5}
        fill={screen ?? 'none'}
        stroke={screen ? 'none' : 'currentColor'}
        strokeWidth={1}
      />
      <path d={`M${x + 12} ${y + 49.5}h6`} />
    </g>
  );
}

/** A laptop whose screen's top-left corner is (x, y), 70 wide. */
export function Laptop({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <rect x={x} y={y} width={70} height={44} rx={3} fill={SURFACE} />
      <path d={`M${x - 8} ${y + 50}h86l-6 -6h-74z`} />
    </g>
  );
}

/** A mouse pointer whose tip is at (x, y). */
export function Pointer({ x, y }: { x: number; y: number }) {
  return <path d={`M${x} ${y}l0 16l4.5 -4.5l3.5 7l3 -1.5l-3.5 -7l6 0z`} fill="currentColor" strokeWidth={1} />;
}

/** A round badge with a check mark. */
export function CheckBadge({ cx, cy, r = 8 }: { cx: number; cy: number; r?: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={r} fill={SUCCESS} stroke="none" />
      <path
        d={`M${cx - r * 0.45} ${cy}l${r * 0.3} ${r * 0.32}l${r * 0.6} -${r * 0.64}`}
        stroke="var(--collector-on-accent)"
      />
    </g>
  );
}
