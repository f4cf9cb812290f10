// Line icons of the home blocks (decorative).
export type IconName =
  | 'shield'
  | 'bolt'
  | 'scale'
  | 'headset'
  | 'candles'
  | 'lever'
  | 'clock'
  | 'swap'
  | 'lock'
  | 'globe';

const PATHS: Readonly<Record<IconName, string>> = {
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3zM8.5 12l2.5 2.5 4.5-5',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7l1-8z',
  scale: 'M12 3v18M5 21h14M6 7h12M6 7l-3 7h6L6 7zM18 7l-3 7h6l-3-7z',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M3 13h4v6H3zM17 13h4v6h-4z',
  candles: 'M6 4v16M4 8h4v8H4zM12 2v14M10 5h4v7h-4zM18 6v16M16 10h4v8h-4z',
  lever: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 3',
  swap: 'M4 8h14l-4-4M20 16H6l4 4',
  lock: 'M6 10h12v10H6zM8 10V7a4 4 0 0 1 8 0v3M12 14v2',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
};

export function Icon({ name }: { name: IconName }) {
  return (
    <span className="card__icon" aria-hidden="true">
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <path d={PATHS[name]} />
      </svg>
    </span>
  );
}
