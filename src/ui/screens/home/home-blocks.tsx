// Marketing blocks of the home page: why choose, features, the 4-step join flow, app download.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppQrImage } from '../../components/app-qr-image.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { ROUTE_PATH } from '../../route-paths.ts';
import { Icon, type IconName } from './home-icons.tsx';

interface Item {
  icon: IconName;
  title: MessageId;
  body: MessageId;
}

const WHY: readonly Item[] = [
  { icon: 'shield', title: 'home.why.security.title', body: 'home.why.security.body' },
  { icon: 'bolt', title: 'home.why.speed.title', body: 'home.why.speed.body' },
  { icon: 'scale', title: 'home.why.transparent.title', body: 'home.why.transparent.body' },
  { icon: 'headset', title: 'home.why.support.title', body: 'home.why.support.body' },
];

const FEATURES: readonly (Item & { to: string })[] = [
  {
    icon: 'candles',
    title: 'home.features.spot.title',
    body: 'home.features.spot.body',
    to: '/dealCenter',
  },
  {
    icon: 'lever',
    title: 'home.features.lever.title',
    body: 'home.features.lever.body',
    to: '/leverdealCenter',
  },
  {
    icon: 'clock',
    title: 'home.features.second.title',
    body: 'home.features.second.body',
    to: '/secondDealCenter',
  },
  {
    icon: 'swap',
    title: 'home.features.c2c.title',
    body: 'home.features.c2c.body',
    to: '/legalTrade',
  },
  { icon: 'lock', title: 'home.features.lock.title', body: 'home.features.lock.body', to: '/lock' },
  { icon: 'globe', title: 'home.features.multi.title', body: 'home.features.multi.body', to: '/' },
];

const STEPS: readonly { title: MessageId; time: MessageId; body: MessageId; to: string }[] = [
  {
    title: 'home.steps.register.title',
    time: 'home.steps.register.time',
    body: 'home.steps.register.body',
    to: ROUTE_PATH.register,
  },
  {
    title: 'home.steps.kyc.title',
    time: 'home.steps.kyc.time',
    body: 'home.steps.kyc.body',
    to: ROUTE_PATH.authentication,
  },
  {
    title: 'home.steps.deposit.title',
    time: 'home.steps.deposit.time',
    body: 'home.steps.deposit.body',
    to: '/account/recharge',
  },
  {
    title: 'home.steps.order.title',
    time: 'home.steps.order.time',
    body: 'home.steps.order.body',
    to: '/dealCenter',
  },
];

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="block" aria-labelledby={id}>
      <h2 id={id} className="block__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function WhyBlock() {
  const { t } = useI18n();
  return (
    <Block id="why-title" title={t('home.why.title')}>
      <div className="grid grid--4">
        {WHY.map((item) => (
          <article key={item.title} className="card">
            <Icon name={item.icon} />
            <h3 className="card__title">{t(item.title)}</h3>
            <p className="card__body">{t(item.body)}</p>
          </article>
        ))}
      </div>
    </Block>
  );
}

export function FeaturesBlock() {
  const { t } = useI18n();
  return (
    <Block id="features-title" title={t('home.features.title')}>
      <div className="grid grid--3">
        {FEATURES.map((item) => (
          <Link key={item.title} to={item.to} className="card card--link">
            <Icon name={item.icon} />
            <span className="card__title">{t(item.title)}</span>
            <span className="card__body">{t(item.body)}</span>
          </Link>
        ))}
      </div>
    </Block>
  );
}

export function StepsBlock() {
  const { t } = useI18n();
  return (
    <Block id="steps-title" title={t('home.steps.title')}>
      <ol className="steps">
        {STEPS.map((step, i) => (
          <li key={step.title} className="steps__item">
            <span className="steps__index num" aria-label={t('home.steps.step', { index: i + 1 })}>
              {i + 1}
            </span>
            <Link to={step.to} className="steps__title">
              {t(step.title)}
            </Link>
            <span className="steps__time num">{t(step.time)}</span>
            <p className="steps__body">{t(step.body)}</p>
          </li>
        ))}
      </ol>
    </Block>
  );
}

export function AppBlock() {
  const { t } = useI18n();
  return (
    <section className="block app-block" aria-labelledby="app-title">
      <div className="app-block__text">
        <h2 id="app-title" className="block__title">
          {t('home.app.title')}
        </h2>
        <p className="muted">{t('home.app.body')}</p>
      </div>
      <AppQrImage size={132} />
    </section>
  );
}
