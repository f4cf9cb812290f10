// Decorative SVG art of the banner slides (no text, aria-hidden).
export type BannerArtKind = 'candles' | 'lever' | 'p2p' | 'vault';

const CANDLES: readonly [number, number, number, number, boolean][] = [
  [20, 90, 60, 110, true],
  [48, 70, 50, 100, true],
  [76, 80, 60, 120, false],
  [104, 50, 40, 90, true],
  [132, 60, 35, 80, false],
  [160, 30, 30, 70, true],
  [188, 40, 20, 60, true],
  [216, 20, 10, 50, true],
];

export function BannerArt({ kind }: { kind: BannerArtKind }) {
  return (
    <svg className="banner__art" viewBox="0 0 260 160" aria-hidden="true">
      <defs>
        <pattern id={`grid-${kind}`} width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M20 0H0V20" fill="none" stroke="var(--border)" strokeWidth="0.6" />
        </pattern>
      </defs>
      <rect width="260" height="160" fill={`url(#grid-${kind})`} />
      {kind === 'candles' && <Candles />}
      {kind === 'lever' && <Lever />}
      {kind === 'p2p' && <PeerToPeer />}
      {kind === 'vault' && <Vault />}
    </svg>
  );
}

function Candles() {
  return (
    <g>
      {CANDLES.map(([x, top, height, wickBottom, up]) => (
        <g key={x} className={up ? 'art-up' : 'art-down'}>
          <line
            x1={x + 8}
            x2={x + 8}
            y1={top - 12}
            y2={wickBottom + 10}
            stroke="currentColor"
            strokeWidth="1.5"
          />
          <rect x={x} y={top} width="16" height={height} rx="2" fill="currentColor" />
        </g>
      ))}
      <path
        d="M28 120 C80 100, 120 90, 150 70 S210 40, 240 30"
        fill="none"
        stroke="var(--accent)"
        strokeWidth="2"
      />
    </g>
  );
}

function Lever() {
  return (
    <g>
      <path
        d="M20 130 L100 90 L140 105 L240 30"
        fill="none"
        className="art-up"
        stroke="currentColor"
        strokeWidth="3"
      />
      <path
        d="M20 40 L90 70 L150 60 L240 130"
        fill="none"
        className="art-down"
        stroke="currentColor"
        strokeWidth="3"
        opacity="0.6"
      />
      <circle cx="240" cy="30" r="6" fill="var(--accent)" />
      <rect
        x="170"
        y="110"
        width="70"
        height="30"
        rx="6"
        fill="var(--panel-2)"
        stroke="var(--border-strong)"
      />
      <path d="M184 125h14M205 118v14M198 125h14" stroke="var(--accent)" strokeWidth="2.5" />
    </g>
  );
}

function PeerToPeer() {
  return (
    <g>
      <circle cx="60" cy="80" r="30" fill="var(--panel-2)" stroke="var(--border-strong)" />
      <circle cx="200" cy="80" r="30" fill="var(--panel-2)" stroke="var(--border-strong)" />
      <circle cx="60" cy="72" r="9" fill="var(--text-muted)" />
      <path d="M44 98c4-10 28-10 32 0" fill="var(--text-muted)" />
      <circle cx="200" cy="72" r="9" fill="var(--text-muted)" />
      <path d="M184 98c4-10 28-10 32 0" fill="var(--text-muted)" />
      <path
        d="M100 68h60l-10-8M160 92h-60l10 8"
        fill="none"
        stroke="var(--accent)"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </g>
  );
}

function Vault() {
  return (
    <g>
      <rect
        x="70"
        y="25"
        width="120"
        height="110"
        rx="10"
        fill="var(--panel-2)"
        stroke="var(--border-strong)"
        strokeWidth="2"
      />
      <circle cx="130" cy="80" r="30" fill="none" stroke="var(--accent)" strokeWidth="3" />
      <path
        d="M130 58v10M130 92v10M108 80h10M142 80h10"
        stroke="var(--accent)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="130" cy="80" r="6" fill="var(--accent)" />
      <path
        d="M200 120l20-20 14 10 20-30"
        fill="none"
        className="art-up"
        stroke="currentColor"
        strokeWidth="2.5"
      />
    </g>
  );
}
