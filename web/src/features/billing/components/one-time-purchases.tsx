import type { ComponentType, SVGProps } from 'react';
import { formatUsd } from '../../../../../core/billing/catalog';
import { Button } from '../../../components/ui/button';
import { BoltIcon, StarIcon } from '../../../components/ui/icons';
import type { CatalogProduct } from '../api/get-catalog';

const icons: Record<CatalogProduct['id'], ComponentType<SVGProps<SVGSVGElement>>> = {
  '5_super_likes': StarIcon,
  '15_super_likes': StarIcon,
  profile_boost: BoltIcon,
};

type OneTimePurchasesProps = {
  products: CatalogProduct[];
  isGold: boolean;
  onBuy: (id: CatalogProduct['id']) => void;
  /** The product whose checkout is starting. */
  pending: CatalogProduct['id'] | null;
  headingId: string;
  title?: string;
};

/**
 * Super-like packs and the profile boost, open to everyone (001 §1). The price is the catalogue's
 * `yourPriceCents` (D23); Gold members see the list price struck through beside their own.
 */
export function OneTimePurchases({
  products,
  isGold,
  onBuy,
  pending,
  headingId,
  title = 'Boosts and Super Likes',
}: OneTimePurchasesProps) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-heading text-ink-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        Extra Super Likes and Boosts, paid once.{isGold ? ' You pay the Gold member price.' : ''}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {products.map((product) => {
          const Icon = icons[product.id];
          const discounted = product.yourPriceCents < product.listCents;
          return (
            <li
              key={product.id}
              className="flex flex-col gap-3 rounded-card border border-ink-200/70 bg-white p-4 shadow-card"
            >
              <div className="flex items-center gap-3">
                <span
                  className={
                    product.id === 'profile_boost'
                      ? 'flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700'
                      : 'flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700'
                  }
                >
                  <Icon className="size-5" />
                </span>
                <div className="min-w-0">
                  <h3 className="font-bold text-ink-900">{product.name}</h3>
                  {product.note && <p className="text-sm text-ink-600">{product.note}</p>}
                </div>
              </div>
              <div className="mt-auto flex items-center justify-between gap-3 sm:flex-col sm:items-stretch">
                <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <span className="text-2xl font-extrabold text-ink-900 tabular-nums">
                    {formatUsd(product.yourPriceCents)}
                  </span>
                  {discounted && (
                    <>
                      <s className="text-sm text-ink-600 tabular-nums">
                        <span className="sr-only">was </span>
                        {formatUsd(product.listCents)}
                      </s>
                      <span className="whitespace-nowrap rounded-pill bg-gold-100 px-2 py-0.5 text-xs font-bold text-gold-800">
                        Gold price
                      </span>
                    </>
                  )}
                </p>
                <Button
                  variant="secondary"
                  className="shrink-0 px-6 sm:w-full"
                  loading={pending === product.id}
                  disabled={pending !== null && pending !== product.id}
                  onClick={() => onBuy(product.id)}
                >
                  Buy<span className="sr-only">{` ${product.name} for ${formatUsd(product.yourPriceCents)}`}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {!isGold && products.some((p) => p.memberCents < p.listCents) && (
        <p className="mt-3 text-sm text-ink-600">Gold members pay less for every pack.</p>
      )}
    </section>
  );
}
