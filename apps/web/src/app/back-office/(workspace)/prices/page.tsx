import { redirect } from 'next/navigation';

/** /back-office/prices: the tariffs are the first of the price pages. */
export default function PricesPage() {
  redirect('/back-office/prices/tariffs');
}
