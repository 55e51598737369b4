import { paths } from '../../config/paths';

/** The top navigation of spec 000 §2, in its order. */
export const NAV_ITEMS = [
  { label: 'Shell', href: paths.shell.href() },
  { label: 'Logbooks', href: paths.logbooks.home.href() },
  { label: 'Journals', href: paths.journals.home.href() },
  { label: 'Wells', href: paths.wells.home.href() },
  { label: 'Download', href: paths.download.href() },
  { label: 'About', href: paths.about.href() },
  { label: 'FAQ', href: paths.faq.href() },
  { label: 'Examples', href: paths.examples.href() },
] as const;
