import { loadProfile } from '@/features/auth/api/server';
import { AccountNav } from '@/features/account/components/account-nav';

/**
 * Every screen of the personal account: its sections and the profile switcher above the page.
 * A signed-out visitor gets only the page, which sends them to sign-in.
 */
export default async function PersonalAccountLayout({ children }: { children: React.ReactNode }) {
  const profile = await loadProfile();
  return (
    <>
      {profile ? (
        <div className="container">
          <AccountNav profiles={profile.profiles} />
        </div>
      ) : null}
      {children}
    </>
  );
}
