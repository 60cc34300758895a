import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanId, ProductId } from '../../../../../core/billing/catalog';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type Catalog = Endpoints['GET /api/payments/catalog']['response'];
export type CatalogPlan = Catalog['plans'][number] & { id: PlanId };
export type CatalogProduct = Catalog['products'][number] & { id: ProductId };

export const billingKeys = {
  all: ['billing'] as const,
  catalog: ['billing', 'catalog'] as const,
};

export const catalogQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.catalog, queryFn: () => api('GET /api/payments/catalog') });

/**
 * Plans and one-time products with the prices this user pays (D23): the server picks list or
 * member prices by the buyer's status, so the screens show `yourPriceCents` and never compute one.
 */
export const useCatalog = () => useQuery(catalogQueryOptions());
