import { toIsoDate } from '@freight/domain/dates';
import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Alert } from '@/components/ui';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadDiscountsAndOffers } from '@/features/account-offers/api/server';
import { DiscountList } from '@/features/account-offers/components/discount-list';
import { OfferList } from '@/features/account-offers/components/offer-list';

const S = MESSAGES.commercial.offersScreen;

export const metadata: Metadata = { title: S.metaTitle, robots: { index: false } };

/**
 * /personal-account/offers: the discounts pricing applies to the user's orders and the offers
 * made to their companies, with «Принять предложение» where they may take one. Both lists are
 * read here, on the server; taking an offer reads the page again.
 */
export default async function OffersPage() {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/offers');
  const result = await loadDiscountsAndOffers();
  const today = toIsoDate(new Date())!;
  const profileNames = Object.fromEntries(profile.profiles.map((p) => [p.account_uuid, p.name]));

  return (
    <AccountPage title={S.title} lead={S.lead}>
      {result.kind === 'ok' ? (
        <>
          <DiscountList data={result.discounts} today={today} profileNames={profileNames} />
          <OfferList
            offers={result.offers.offers}
            activeProfileName={profile.active_profile.name}
            today={today}
            profileNames={profileNames}
          />
        </>
      ) : (
        <Alert variant="error">{S.loadError}</Alert>
      )}
    </AccountPage>
  );
}
