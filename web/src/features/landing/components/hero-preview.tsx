/** An illustration of a match card; decorative, the page text says the same things. */
export function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[21rem] select-none">
      <div className="absolute -top-6 -left-6 size-32 rounded-full bg-accent-200/70 blur-2xl" />
      <div className="absolute -right-8 -bottom-8 size-40 rounded-full bg-gold-200/70 blur-2xl" />
      <div className="absolute inset-x-6 top-4 h-full rotate-[-5deg] rounded-[1.75rem] bg-brand-200/60" />
      <div className="relative overflow-hidden rounded-[1.75rem] border border-ink-200 bg-white shadow-raised">
        <div className="relative h-56 bg-[linear-gradient(160deg,var(--color-brand-300),var(--color-brand-700))]">
          <div className="absolute inset-0 flex items-center justify-center">
            <div className="flex size-28 items-center justify-center rounded-full bg-white/25 text-5xl font-extrabold text-white ring-4 ring-white/40">
              MA
            </div>
          </div>
          <span className="absolute top-3 right-3 rounded-pill bg-white px-3 py-1 text-sm font-bold text-brand-800 shadow">
            92% match
          </span>
          <span className="absolute top-3 left-3 rounded-pill bg-gold-300 px-3 py-1 text-xs font-bold text-ink-900">
            ★ Super Liked You
          </span>
        </div>
        <div className="p-5">
          <p className="text-xl font-bold text-ink-900">Maya, 20</p>
          <p className="text-sm text-ink-600">Cognitive Science · UC Berkeley · Class of 2027</p>
          <div className="mt-3 flex flex-wrap gap-1.5 text-xs font-semibold">
            <span className="rounded-pill bg-brand-50 px-2.5 py-1 text-brand-800">Early riser</span>
            <span className="rounded-pill bg-brand-50 px-2.5 py-1 text-brand-800">Tidy</span>
            <span className="rounded-pill bg-accent-50 px-2.5 py-1 text-accent-800">$900–$1,100</span>
          </div>
          <div className="mt-3 rounded-xl bg-ink-50 p-3 text-sm text-ink-700">
            <p className="text-xs font-semibold text-ink-500 uppercase">My ideal Sunday</p>
            <p>Farmers market, then meal prep for the week with good music on.</p>
          </div>
          <div className="mt-4 flex items-center justify-center gap-5">
            <span className="flex size-12 items-center justify-center rounded-full border border-ink-200 text-xl text-ink-500">
              ✕
            </span>
            <span className="flex size-11 items-center justify-center rounded-full bg-gold-100 text-lg text-gold-700">
              ★
            </span>
            <span className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-2xl text-white shadow-lg">
              ♥
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
