import { notFound } from 'next/navigation';

/** Unknown addresses get the 404 inside the site shell (header and footer stay). */
export default function MissingPage() {
  notFound();
}
