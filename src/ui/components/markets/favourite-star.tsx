// The star that adds a pair to the favourites or takes it out (kept in the workspace). A
// button of its own inside a row that is itself clickable: its click and keys stop there.
import { memo, useCallback } from 'react';
import { toggleFavourite, type Workspace } from '../../../shared/workspace.ts';
import { useSignalSelect } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { updateWorkspace, workspace } from '../../workspace.ts';

export const FavouriteStar = memo(function FavouriteStar({ symbol }: { symbol: string }) {
  const { t } = useI18n();
  const on = useSignalSelect(
    workspace,
    useCallback((w: Workspace) => w.favourites.includes(symbol), [symbol]),
  );
  return (
    <button
      type="button"
      className={`fav-star${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={t(on ? 'market.fav.remove' : 'market.fav.add', { pair: symbol })}
      data-fav={symbol}
      onClick={(e) => {
        e.stopPropagation();
        updateWorkspace((w) => toggleFavourite(w, symbol));
      }}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
      </svg>
    </button>
  );
});
