/**
 * The home page's banner carousel, after the WAI-ARIA APG carousel pattern: a labelled region of labelled
 * slides ("1 of 4"), previous / next and one button per slide, arrow keys while focus is inside, swipes on touch
 * screens (pointer events; `touch-action: pan-y` leaves vertical scrolling to the browser).
 *
 * Autoplay turns a slide every 6 s and stops while the pointer rests on the carousel or focus is inside it, and
 * a visible pause / play button stops it for good (WCAG 2.2.2). Under `prefers-reduced-motion: reduce` it does
 * not start by itself at all. Only the current slide is reachable: the others are `inert`.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@gp/contracts/web';
import { SiteLink } from '@gp/ui/site-link';
import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import styles from './banner-carousel.module.css';

export const autoplayMs = 6_000;
/** A horizontal move shorter than this is a tap or a wobble, not a swipe. */
const swipeMinPx = 40;

/** Banner links are portal paths (SiteLink picks the H5 twin or hops to the pay host) or URLs of our hosts. */
function BannerLink({
  link,
  className,
  children,
}: {
  link: string;
  className: string | undefined;
  children: string;
}) {
  if (/^https?:\/\//i.test(link))
    return (
      <a href={link} className={className}>
        {children}
      </a>
    );
  return (
    <SiteLink to={link} className={className}>
      {children}
    </SiteLink>
  );
}

export function BannerCarousel({ banners, h5 }: { banners: Banner[]; h5: boolean }) {
  const { t } = useTranslation('portal');
  const trackId = useId();
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  /** The visitor's own play / pause; until they choose, the motion preference decides. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = count > 1 && (choice ?? !reducedMotion);
  const rotating = playing && !hovered && !focused;

  const slides = useRef<(HTMLDivElement | null)[]>([]);
  const track = useRef<HTMLDivElement>(null);
  /** Arrow keys pressed on a slide's link: focus follows to the new slide instead of falling to the page. */
  const focusNewSlide = useRef(false);
  const swipe = useRef<{ pointer: number; x: number; y: number } | null>(null);

  useEffect(() => {
    if (!rotating) return;
    // A fresh timer per slide: turning the slide by hand gives the new one its full 6 s.
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  useEffect(() => {
    if (!focusNewSlide.current) return;
    focusNewSlide.current = false;
    slides.current[index]?.focus();
  }, [index]);

  if (count === 0) return null;

  const go = (to: number) => setIndex(((to % count) + count) % count);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (count < 2 || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    focusNewSlide.current = !!track.current?.contains(e.target as Node);
    go(index + (e.key === 'ArrowRight' ? 1 : -1));
  };
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(true);
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const togglePlay = () => {
    if (playing) {
      setChoice(false);
      return;
    }
    // Asking for play while pointing at or focused on the button means: play now, not once I leave.
    setChoice(true);
    setHovered(false);
    setFocused(false);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') return;
    swipe.current = { pointer: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointer !== e.pointerId || count < 2) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) >= swipeMinPx && Math.abs(dx) > Math.abs(dy)) go(index + (dx < 0 ? 1 : -1));
  };
  /** The previous (-1) or next (1) slide's button, with its arrow. */
  const stepButton = (step: -1 | 1, label: string, arrow: string) => (
    <button
      type="button"
      className={styles.control}
      onClick={() => go(index + step)}
      aria-controls={trackId}
      aria-label={label}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={arrow} />
      </svg>
    </button>
  );

  return (
    <section
      className={h5 ? `${styles.carousel} ${styles.h5}` : styles.carousel}
      aria-roledescription={t('carousel.roleCarousel')}
      aria-label={t('carousel.label')}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
    >
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <div
          ref={track}
          id={trackId}
          className={styles.track}
          // No style on the first slide: the server renders that one, and its CSP refuses style attributes in markup.
          style={index === 0 ? undefined : { transform: `translateX(${-100 * index}%)` }}
          // Announce slide changes the visitor makes, not the ones autoplay makes every few seconds.
          aria-live={rotating ? 'off' : 'polite'}
        >
          {banners.map((banner, i) => {
            const image = h5 ? banner.image_h5 : banner.image;
            return (
              <div
                key={banner.id}
                ref={(el) => {
                  slides.current[i] = el;
                }}
                className={styles.slide}
                role="group"
                aria-roledescription={t('carousel.roleSlide')}
                aria-label={t('carousel.slide', { index: i + 1, total: count })}
                inert={i !== index}
                tabIndex={-1}
              >
                <img
                  className={styles.image}
                  src={image.url}
                  alt={banner.alt}
                  width={image.width || (h5 ? 750 : 1200)}
                  height={image.height || (h5 ? 420 : 400)}
                  // The first slide is what the visitor sees first (the page's largest image): fetch it at once.
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  draggable={false}
                />
                <div className={styles.caption}>
                  <p className={styles.title}>{banner.title}</p>
                  {banner.subtitle && <p className={styles.subtitle}>{banner.subtitle}</p>}
                  <BannerLink link={banner.link} className={styles.cta}>
                    {banner.cta}
                  </BannerLink>
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={`${styles.control} ${styles.pause}`}
            onClick={togglePlay}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {playing ? (
                <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
              ) : (
                <path fill="currentColor" d="M8 5v14l11-7z" />
              )}
            </svg>
          </button>
          {stepButton(-1, t('carousel.previous'), 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z')}
          <ul className={styles.dots}>
            {banners.map((banner, i) => (
              <li key={banner.id}>
                <button
                  type="button"
                  className={styles.dot}
                  onClick={() => go(i)}
                  aria-controls={trackId}
                  aria-current={i === index ? 'true' : undefined}
                  aria-label={t('carousel.goTo', { index: i + 1, title: banner.title })}
                />
              </li>
            ))}
          </ul>
          {stepButton(1, t('carousel.next'), 'M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z')}
        </div>
      )}
    </section>
  );
}
