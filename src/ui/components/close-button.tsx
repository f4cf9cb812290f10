// The ✕ of a sheet or the drawer: a 44 px target with its accessible name.
import { LineIcon } from './line-icon.tsx';

export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-btn close-btn" aria-label={label} onClick={onClick}>
      <LineIcon size={20}>
        <path d="M6 6l12 12M18 6L6 18" />
      </LineIcon>
    </button>
  );
}
