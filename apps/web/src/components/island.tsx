import { Activity, type ReactNode } from 'react';

/**
 * A part of a page that the browser hydrates on its own, after the page around it (decision 009).
 *
 * React hydrates a visible `<Activity>` boundary found in the server's HTML at low priority, in
 * short time slices and with a commit of its own, instead of inside the page's one long hydration
 * task (Lighthouse's Total Blocking Time on a slow phone, issue #19). Its HTML is sent in place,
 * between `<!--&-->` markers, so it is shown with the first paint and without JavaScript. (A
 * Suspense boundary is hydrated the same way, but React's server renderer outlines one whose
 * content is complete once the page passes ~12.8 KB: the content then comes later in the stream,
 * hidden until a script reveals it.) A click or key press on a part not yet hydrated makes React
 * hydrate that part first and then handle the event; what is typed before stays in the fields.
 *
 * Works in Server and Client Components; use it around a client island (a form, a menu, a widget),
 * not around every element: each island is one more render pass.
 */
export function Island({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
