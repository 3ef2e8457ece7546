import { ArrowRightIcon, PauseIcon, PlayIcon } from 'lucide-react'
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react'
import { preload } from 'react-dom'
import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { cn } from '../../../lib/cn'

/** The spec (docs/product/site.md §9): two images, five seconds each. */
export const HERO_INTERVAL_MS = 5000

export const HERO_SLIDES = [
  {
    name: 'hero-1',
    alt: 'Drawing of the centre’s shopfronts under jacarandas in the morning sun',
  },
  {
    name: 'hero-2',
    alt: 'Drawing of the market piazza’s stalls under string lights at dusk',
  },
] as const

const srcSet = (name: string, ext: string) =>
  `/images/${name}-800.${ext} 800w, /images/${name}-1600.${ext} 1600w`
/** Phones get a portrait crop of the same scene (art direction), the scene in its lower part. */
const portraitSrcSet = (name: string, ext: string) =>
  `/images/${name}-portrait-480.${ext} 480w, /images/${name}-portrait-720.${ext} 720w`
const PHONE = '(max-width: 639px)'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
function subscribeToReducedMotion(onChange: () => void) {
  const mql = window.matchMedia?.(REDUCED_MOTION)
  mql?.addEventListener('change', onChange)
  return () => mql?.removeEventListener('change', onChange)
}
const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false

/**
 * The visitor's wish for reduced motion. The gateway cannot know it: its rendering (and so the
 * first frame of a hydrated page, decision 040) assumes motion, and the page stops rotating the
 * moment it is live, before the first rotation is due.
 */
function usePrefersReducedMotion() {
  return useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, () => false)
}

/**
 * The home hero: rotates its two images every 5 s with dot selectors. It does not rotate for
 * visitors who ask for reduced motion, and anyone can pause it (WCAG 2.2.2).
 */
export function HeroCarousel({ title, subtitle }: { title: ReactNode; subtitle: ReactNode }) {
  const [index, setIndex] = useState(0)
  const reducedMotion = usePrefersReducedMotion()
  const [paused, setPaused] = useState(false)
  const rotating = !reducedMotion && !paused

  // The first image is the largest paint of the page: the served HTML asks for it in its head,
  // before the browser gets to the <img> (the page's render on the server writes this preload
  // there). In the browser the <img> itself, with its high priority, does the same.
  if (import.meta.env.SSR) {
    // One per art direction, so a phone fetches only its portrait crop.
    preload(`/images/${HERO_SLIDES[0].name}-portrait-720.avif`, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: portraitSrcSet(HERO_SLIDES[0].name, 'avif'),
      imageSizes: '100vw',
      fetchPriority: 'high',
      media: PHONE,
    })
    preload(`/images/${HERO_SLIDES[0].name}-1600.avif`, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSet(HERO_SLIDES[0].name, 'avif'),
      imageSizes: '100vw',
      fetchPriority: 'high',
      media: '(min-width: 640px)',
    })
  }

  useEffect(() => {
    if (!rotating) return
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % HERO_SLIDES.length), HERO_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [rotating])

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Welcome"
      className="relative isolate overflow-hidden bg-stone-900"
    >
      {HERO_SLIDES.map((slide, i) => (
        <picture key={slide.name}>
          {/* Phones first (their portrait crop), then wider screens; AVIF, else WebP. */}
          {[PHONE, undefined].flatMap((media) =>
            ['avif', 'webp'].map((ext) => (
              <source
                key={`${media}${ext}`}
                media={media}
                type={`image/${ext}`}
                srcSet={(media ? portraitSrcSet : srcSet)(slide.name, ext)}
                sizes="100vw"
              />
            )),
          )}
          <img
            src={`/images/${slide.name}-1600.webp`}
            alt={slide.alt}
            width={1600}
            height={900}
            fetchPriority={i === 0 ? 'high' : 'low'}
            loading={i === 0 ? 'eager' : 'lazy'}
            aria-hidden={i !== index}
            className={cn(
              'absolute inset-0 -z-10 h-full w-full object-cover object-bottom transition-opacity duration-1000',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          />
        </picture>
      ))}
      {/* A gradient behind the text only (styles/index.css). */}
      <div className="hero-scrim absolute inset-0 -z-10" />
      <div className="mx-auto flex min-h-[32rem] max-w-7xl flex-col justify-start px-4 pt-14 pb-28 sm:px-6 lg:min-h-[36rem] lg:justify-center lg:py-20">
        <div className="max-w-2xl lg:max-w-xl">
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">
            {title}
          </h1>
          <p className="mt-5 text-lg text-stone-100 sm:text-xl">{subtitle}</p>
          <ButtonLink to={paths.stores.getHref()} size="lg" className="mt-8">
            Explore Stores
            <ArrowRightIcon className="size-5" aria-hidden="true" />
          </ButtonLink>
        </div>
      </div>
      <div className="absolute inset-x-0 bottom-6 flex items-center justify-center gap-3">
        {HERO_SLIDES.map((slide, i) => (
          <button
            key={slide.name}
            type="button"
            aria-label={`Show image ${i + 1} of ${HERO_SLIDES.length}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className="flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
          >
            <span
              className={cn(
                'block h-2.5 rounded-full transition-all',
                i === index ? 'w-8 bg-white' : 'w-2.5 bg-white/60',
              )}
            />
          </button>
        ))}
        {!reducedMotion && (
          <button
            type="button"
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setPaused((p) => !p)}
            className="ml-2 flex size-7 items-center justify-center rounded-full bg-white/20 text-white hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-white"
          >
            {paused ? (
              <PlayIcon className="size-3.5" aria-hidden="true" />
            ) : (
              <PauseIcon className="size-3.5" aria-hidden="true" />
            )}
          </button>
        )}
      </div>
    </section>
  )
}
