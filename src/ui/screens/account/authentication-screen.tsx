// Identity verification (spec §2 "Authentication", §3 real-name submission, §4 review_status,
// §5 real-name rules): 3 loading, 0 the form (with the reason of a rejected submission),
// 1 under review, 2 approved. The status is the identity query's, asked again whenever the
// session's review status changes (an operator's decision arrives as a session refresh).
import { useEffect, useId, useRef, useState } from 'react';
import type { IdentityView } from '../../../engine/api.ts';
import { CARD_TYPES, validateIdentity } from '../../../shared/wallet.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { session } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { Field } from '../../kit/field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { AccountShell } from '../../kit/account-shell.tsx';
import { ImageUpload } from '../../kit/image-upload.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import '../../styles/account-settings.css';

const CARD_LABEL: Record<(typeof CARD_TYPES)[number], MessageId> = {
  1: 'account.identity.card.idCard',
  2: 'account.identity.card.household',
  3: 'account.identity.card.licence',
};

const STATUS_LABEL: Record<number, MessageId> = {
  0: 'account.identity.status.none',
  1: 'account.identity.status.review',
  2: 'account.identity.status.approved',
};
const STATUS_CHIP: Record<number, string> = {
  0: 'status-chip--bad',
  1: 'status-chip--wait',
  2: 'status-chip--ok',
};

/** The identity status as a chip (0 not verified, 1 under review, 2 verified). */
export function IdentityChip({ status }: { status: number }) {
  const { t } = useI18n();
  const label = STATUS_LABEL[status];
  if (label === undefined) return null;
  return (
    <span
      className={`status-chip ${STATUS_CHIP[status] ?? ''}`}
      data-testid="identity-status"
      data-status={status}
    >
      {t(label)}
    </span>
  );
}

export default function AuthenticationScreen() {
  const { t } = useI18n();
  const { reviewStatus } = useSignalValue(session);
  const { state, reload } = useAccountQuery('identity', {});
  // The answer the screen had when the form was sent: until a newer one arrives, "under review".
  const [sentOver, setSentOver] = useState<IdentityView | null>(null);
  const seen = useRef(reviewStatus);
  useEffect(() => {
    if (seen.current === reviewStatus) return;
    seen.current = reviewStatus;
    reload();
  }, [reviewStatus, reload]);

  const data = state.data;
  let body;
  if (data === null) {
    body =
      state.status === 'error' ? (
        <div className="panel">
          <ErrorState
            text={t('wallet.list.error', { message: state.message })}
            onRetry={reload}
            retryable={state.retryable}
          />
        </div>
      ) : (
        <div className="panel">
          <Loading />
        </div>
      );
  } else {
    const status = sentOver === data && data.reviewStatus === 0 ? 1 : data.reviewStatus;
    if (status === 1) body = <UnderReview data={data} />;
    else if (status === 2) body = <Approved data={data} />;
    else
      body = (
        <>
          {data.reason !== '' && (
            <p className="notice-bar" role="status" data-testid="identity-rejected">
              {t('account.identity.rejected', { reason: data.reason })}
            </p>
          )}
          <IdentityForm
            onSent={() => {
              setSentOver(data);
              reload();
            }}
          />
        </>
      );
  }

  return (
    <AccountShell title={t('account.identity.title')} testId="authentication">
      {body}
    </AccountShell>
  );
}

function UnderReview({ data }: { data: IdentityView }) {
  const { t, fmt } = useI18n();
  return (
    <section className="panel state-card" data-testid="identity-review">
      <span className="state-card__icon" aria-hidden="true">
        <ClockIcon />
      </span>
      <h2 className="state-card__title">{t('account.identity.review.title')}</h2>
      <p className="muted">{t('account.identity.review.body')}</p>
      {data.submittedTime !== '' && (
        <dl className="state-card__facts">
          <dt>{t('account.identity.submittedAt')}</dt>
          <dd className="num">{fmt.dateTime(data.submittedTime)}</dd>
        </dl>
      )}
    </section>
  );
}

function Approved({ data }: { data: IdentityView }) {
  const { t } = useI18n();
  const card = CARD_LABEL[data.cardType as (typeof CARD_TYPES)[number]];
  return (
    <section className="panel state-card" data-testid="identity-approved">
      <span className="state-card__icon state-card__icon--ok" aria-hidden="true">
        <CheckIcon />
      </span>
      <h2 className="state-card__title">{t('account.identity.approved.title')}</h2>
      <p className="muted">{t('account.identity.approved.body')}</p>
      <dl className="state-card__facts">
        <dt>{t('account.identity.name')}</dt>
        <dd data-testid="identity-name">{data.name}</dd>
        {card !== undefined && (
          <>
            <dt>{t('account.identity.cardType')}</dt>
            <dd>{t(card)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

type IdentityFieldName = 'name' | 'cardId' | 'cardType' | 'front' | 'reverse' | 'hand';

function IdentityForm({ onSent }: { onSent: () => void }) {
  const { t } = useI18n();
  const selectId = useId();
  const form = useForm<IdentityFieldName>({
    name: '',
    cardId: '',
    cardType: '1',
    front: '',
    reverse: '',
    hand: '',
  });
  const { values } = form;
  const input = {
    name: values.name,
    cardId: values.cardId,
    cardType: Number(values.cardType),
    front: values.front,
    reverse: values.reverse,
    hand: values.hand,
  };

  const submit = async (): Promise<void> => {
    const invalid = validateIdentity(input);
    const { images, ...rest } = invalid;
    const missing = (k: 'front' | 'reverse' | 'hand') =>
      images !== undefined && values[k].trim() === '' ? { [k]: images } : {};
    form.setErrors({ ...rest, ...missing('front'), ...missing('reverse'), ...missing('hand') });
    if (Object.keys(invalid).length > 0) return;
    const result = await form.run(
      () => engine.accountCommand('identity', input),
      t('account.identity.sent'),
    );
    if (result.ok) onSent();
  };

  const cardError = form.message('cardType');
  return (
    <KitForm
      className="panel acct-form"
      testId="identity-form"
      state={form}
      onSubmit={submit}
      submit={{
        label: t('account.identity.submit'),
        busyLabel: t('account.identity.submitting'),
        testId: 'identity-submit',
      }}
      actionsClassName="form-actions"
    >
      <p className="notice-bar">{t('account.identity.intro')}</p>
      <div className="acct-form__grid">
        <Field
          name="name"
          autoComplete="name"
          maxLength={60}
          label={t('account.identity.name')}
          placeholder={t('account.identity.namePlaceholder')}
          value={values.name}
          onValue={(v) => form.setValue('name', v)}
          error={form.message('name')}
        />
        <div className={`field ${cardError !== undefined ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={selectId}>
            {t('account.identity.cardType')}
          </label>
          <div className="field__row">
            <select
              id={selectId}
              name="cardType"
              className="field__input"
              value={values.cardType}
              onChange={(e) => form.setValue('cardType', e.target.value)}
              data-testid="card-type"
            >
              {CARD_TYPES.map((c) => (
                <option key={c} value={String(c)}>
                  {t(CARD_LABEL[c])}
                </option>
              ))}
            </select>
          </div>
          {cardError !== undefined && (
            <p className="field__error" role="alert">
              {cardError}
            </p>
          )}
        </div>
      </div>
      <Field
        name="cardId"
        autoComplete="off"
        maxLength={40}
        label={t('account.identity.cardId')}
        placeholder={t('account.identity.cardIdPlaceholder')}
        value={values.cardId}
        onValue={(v) => form.setValue('cardId', v)}
        error={form.message('cardId')}
      />
      <div className="acct-form__uploads">
        <ImageUpload
          label={t('account.identity.front')}
          value={values.front}
          onValue={(v) => form.setValue('front', v)}
          error={form.message('front')}
          testId="id-front"
        />
        <ImageUpload
          label={t('account.identity.back')}
          value={values.reverse}
          onValue={(v) => form.setValue('reverse', v)}
          error={form.message('reverse')}
          testId="id-back"
        />
        <ImageUpload
          label={t('account.identity.hand')}
          value={values.hand}
          onValue={(v) => form.setValue('hand', v)}
          error={form.message('hand')}
          testId="id-hand"
        />
      </div>
    </KitForm>
  );
}

function ClockIcon() {
  return (
    <LineIcon size={26}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </LineIcon>
  );
}

function CheckIcon() {
  return (
    <LineIcon size={26}>
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </LineIcon>
  );
}
