// Home banner carousel: autoplay every BANNER_AUTOPLAY_MS, loops, dots, pauses on hover/focus.
// The art is inline SVG; the headlines come from the catalogue.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BANNER_AUTOPLAY_MS } from '../../../shared/constants.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { BannerArt, type BannerArtKind } from './banner-art.tsx';

interface Slide {
  art: BannerArtKind;
  title: MessageId;
  body: MessageId;
  to: string;
}

const SLIDES: readonly Slide[] = [
  {
    art: 'candles',
    title: 'home.banner.spot.title',
    body: 'home.banner.spot.body',
    to: '/dealCenter',
  },
  {
    art: 'lever',
    title: 'home.banner.contracts.title',
    body: 'home.banner.contracts.body',
    to: '/leverdealCenter',
  },
  { art: 'p2p', title: 'home.banner.c2c.title', body: 'home.banner.c2c.body', to: '/legalTrade' },
  { art: 'vault', title: 'home.banner.earn.title', body: 'home.banner.earn.body', to: '/lock' },
];

export function Banner() {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const pause = (): void => setPaused(true);
  const resume = (): void => setPaused(false);

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('home.banner.label')}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <div className="banner__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide.art}
            className="banner__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.banner.slide', { index: i + 1, count: SLIDES.length })}
            aria-hidden={i !== index}
          >
            <div className="banner__text">
              <h2 className="banner__title">{t(slide.title)}</h2>
              <p className="banner__body">{t(slide.body)}</p>
              <Link to={slide.to} className="btn btn--primary" tabIndex={i === index ? 0 : -1}>
                {t('home.banner.cta')}
              </Link>
            </div>
            <BannerArt kind={slide.art} />
          </div>
        ))}
      </div>
      <div className="banner__dots">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.art}
            type="button"
            className={`banner__dot ${i === index ? 'banner__dot--active' : ''}`}
            aria-label={t('home.banner.slide', { index: i + 1, count: SLIDES.length })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
