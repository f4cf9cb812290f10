// A coin's icon: the exchange's artwork when the pair has a logo that loads, else one drawn
// from the coin's name — a disc in a colour of its own (the same for a coin everywhere) with the
// first letters. Decorative: the coin's name is always written beside it.
import { memo, useState } from 'react';

const SIZE = 20;

export const CoinIcon = memo(function CoinIcon({
  name,
  logo = '',
  size = SIZE,
}: {
  name: string;
  logo?: string;
  size?: number;
}) {
  const [failed, setFailed] = useState(false);
  if (logo !== '' && !failed)
    return (
      <img
        className="coin-icon"
        src={logo}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  const letters = name.slice(0, name.length > 3 ? 1 : 2).toUpperCase();
  return (
    <svg
      className="coin-icon"
      width={size}
      height={size}
      viewBox="0 0 20 20"
      aria-hidden="true"
      data-coin={name}
    >
      <circle cx="10" cy="10" r="10" fill={`hsl(${hueOf(name)} 58% 34%)`} />
      <text
        x="10"
        y="10"
        dy="0.35em"
        textAnchor="middle"
        fontSize={letters.length > 1 ? 8 : 10}
        fontWeight="700"
        fill="#fff"
      >
        {letters}
      </text>
    </svg>
  );
});

/** A hue from the name (FNV-1a): the same coin, the same colour, on every screen. */
export function hueOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 360;
}
