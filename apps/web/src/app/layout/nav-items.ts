import { paths } from '../../config/paths';

export interface NavItem {
  label: string;
  href: string;
  /** Shown only to signed-in users. */
  signedIn?: boolean;
  /** Shown only to the server's administrators. */
  admin?: boolean;
}

/**
 * The top navigation, in the specified order, with Caravans for signed-in users after Wells and the
 * Bazaar, open to everyone, after it.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Shell', href: paths.shell.href() },
  { label: 'Logbooks', href: paths.logbooks.home.href() },
  { label: 'Journals', href: paths.journals.home.href() },
  { label: 'Wells', href: paths.wells.home.href() },
  { label: 'Caravans', href: paths.caravans.home.href(), signedIn: true },
  { label: 'Bazaar', href: paths.bazaar.home.href() },
  { label: 'Download', href: paths.download.href() },
  { label: 'About', href: paths.about.href() },
  { label: 'FAQ', href: paths.faq.href() },
  { label: 'Examples', href: paths.examples.href() },
  { label: 'Admin', href: paths.admin.href(), signedIn: true, admin: true },
];
