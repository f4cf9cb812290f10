// Dropping a file anywhere on the page opens it as a recording (issue 5): the page goes to
// /replay, which shows the loading and then the desk, or the error.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { openRecording, REPLAY_PATH } from './replay-open.ts';

export function ReplayDrop() {
  const navigate = useNavigate();
  useEffect(() => {
    const hasFile = (e: DragEvent): boolean => e.dataTransfer?.types.includes('Files') === true;
    const over = (e: DragEvent): void => {
      if (!hasFile(e)) return;
      e.preventDefault();
      if (e.dataTransfer !== null) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent): void => {
      const file = e.dataTransfer?.files[0];
      if (file === undefined) return;
      e.preventDefault();
      void navigate(REPLAY_PATH);
      void openRecording(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [navigate]);
  return null;
}
