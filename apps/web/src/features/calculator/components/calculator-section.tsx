import { draftToCalculatorRequest, draftToPricesTermsQuery } from '@freight/domain/shipment/query';
import { createOrderDraft } from '@freight/domain/order-draft';
import { calculateOnServer, draftForQuery, loadPackages } from '../api/server';
import { Calculator, type CalculatorLayout } from './calculator';

/**
 * Server part of the calculator: the draft restored from the page's query, the packaging list
 * and — for a shared link — the result, so the first paint already shows inputs and numbers.
 * Every layout keeps its inputs in its page's address (the home page's too); without
 * `searchParams` the calculator starts empty.
 */
export async function CalculatorSection({
  layout,
  searchParams,
}: {
  layout: CalculatorLayout;
  searchParams?: Record<string, string | string[] | undefined>;
}) {
  const draft = searchParams ? draftForQuery(searchParams) : createOrderDraft();
  const pricesQuery = draftToPricesTermsQuery(draft)?.toString() ?? null;
  const [packages, initialResult] = await Promise.all([
    loadPackages(),
    calculateOnServer({ pricesQuery, body: draftToCalculatorRequest(draft) }),
  ]);
  // No Suspense boundary of its own: React's server renderer outlines a large one (see SiteShell),
  // and the calculator would then be hidden until a script reveals it, for good without JavaScript.
  return <Calculator initialDraft={draft} initialResult={initialResult} packages={packages} layout={layout} syncUrl />;
}
