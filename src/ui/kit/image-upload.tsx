// An image field (deposit voucher, identity documents): choose a jpg or png of at most 4 MB,
// see it at once (local preview), watch the upload's progress; the field's value is the URL
// the server returned. A wrong type or size is refused with the spec's message before any
// upload, and the previous value is kept.
import { useEffect, useId, useState } from 'react';
import { checkImageFile } from '../../shared/wallet.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { failureMessage } from '../i18n/result-message.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import '../styles/upload.css';

interface ImageUploadProps {
  label: string;
  /** The uploaded image's URL ('' when none). */
  value: string;
  onValue: (url: string) => void;
  error?: string | undefined;
  testId?: string;
}

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; percent: number }
  | { state: 'done' }
  | { state: 'failed'; message: string };

export function ImageUpload({ label, value, onValue, error, testId }: ImageUploadProps) {
  const { t, tv } = useI18n();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });

  useEffect(
    () => () => {
      if (preview !== null) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (file: File | undefined) => {
    if (file === undefined) return;
    const bad = checkImageFile({ type: file.type, size: file.size });
    if (bad !== null) {
      setUpload({ state: 'failed', message: tv(bad) });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setUpload({ state: 'sending', percent: 0 });
    void engine
      .uploadImage(file, (sent, total) =>
        setUpload({ state: 'sending', percent: total > 0 ? Math.round((sent / total) * 100) : 0 }),
      )
      .then((r) => {
        if (r.ok) {
          setUpload({ state: 'done' });
          onValue(r.data.url);
        } else setUpload({ state: 'failed', message: failureMessage(r) });
      });
  };

  const message = upload.state === 'failed' ? upload.message : error;
  return (
    <div className={`field ${message !== undefined ? 'field--invalid' : ''}`} data-testid={testId}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="upload">
        <label className="upload__drop" htmlFor={id}>
          {preview !== null ? (
            <img className="upload__preview" src={preview} alt="" />
          ) : (
            <span>{t('wallet.upload.choose')}</span>
          )}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png"
            aria-labelledby={`${id}-label`}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <div className="form-grid">
          {upload.state === 'sending' && (
            <>
              <div
                className="upload__bar"
                role="progressbar"
                aria-valuenow={upload.percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span style={{ width: `${upload.percent}%` }} />
              </div>
              <span className="upload__state">
                {t('wallet.upload.sending', { percent: upload.percent })}
              </span>
            </>
          )}
          {upload.state !== 'sending' && value !== '' && (
            <span className="upload__state">{t('wallet.upload.done')}</span>
          )}
          <span className="upload__state">{t('wallet.upload.rules')}</span>
        </div>
      </div>
      {message !== undefined && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
