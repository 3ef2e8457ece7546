import { ArrowRightIcon, PauseIcon, PlayIcon } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { preload } from 'react-dom'
import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { cn } from '../../../lib/cn'

/** The spec (docs/product/site.md §9): two images, five seconds each. */
export const HERO_INTERVAL_MS = 5000

export const HERO_SLIDES = [
  {
    name: 'hero-1',
    alt: 'Illustration of the Genesis Centre facade with shopfronts and visitors on a sunny morning',
  },
  {
    name: 'hero-2',
    alt: 'Illustration of the market piazza with colourful stalls under string lights in the evening',
  },
] as const

const srcSet = (name: string, ext: string) =>
  `/images/${name}-800.${ext} 800w, /images/${name}-1600.${ext} 1600w`

function usePrefersReducedMotion() {
  const query = '(prefers-reduced-motion: reduce)'
  const [reduced, setReduced] = useState(
    () => !import.meta.env.SSR && (window.matchMedia?.(query).matches ?? false),
  )
  useEffect(() => {
    const mql = window.matchMedia?.(query)
    if (!mql) return
    const onChange = () => setReduced(mql.matches)
    mql.addEventListener('change', onChange)
    return () => mql.removeEventListener('change', onChange)
  }, [])
  return reduced
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
    preload(`/images/${HERO_SLIDES[0].name}-1600.avif`, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSet(HERO_SLIDES[0].name, 'avif'),
      imageSizes: '100vw',
      fetchPriority: 'high',
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
          <source type="image/avif" srcSet={srcSet(slide.name, 'avif')} sizes="100vw" />
          <source type="image/webp" srcSet={srcSet(slide.name, 'webp')} sizes="100vw" />
          <img
            src={`/images/${slide.name}-1600.webp`}
            alt={slide.alt}
            width={1600}
            height={900}
            fetchPriority={i === 0 ? 'high' : 'low'}
            loading={i === 0 ? 'eager' : 'lazy'}
            aria-hidden={i !== index}
            className={cn(
              'absolute inset-0 -z-10 h-full w-full object-cover transition-opacity duration-1000',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          />
        </picture>
      ))}
      <div className="absolute inset-0 -z-10 bg-stone-950/70 sm:bg-transparent sm:bg-gradient-to-r sm:from-stone-950/85 sm:via-stone-950/60 sm:to-stone-950/20" />
      <div className="mx-auto flex min-h-[32rem] max-w-7xl flex-col justify-center px-4 py-20 sm:px-6 lg:min-h-[36rem]">
        <div className="max-w-2xl">
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
