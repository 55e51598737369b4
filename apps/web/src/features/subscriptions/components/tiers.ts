import { paths } from '../../../config/paths';

export interface Tier {
  role: 'Pilgrim' | 'Merchant' | 'Sultan';
  monthly: string;
  annual: string;
  features: string;
  /** The tier's purchase page; Pilgrim is free and needs none. */
  href?: string;
  color: string;
}

/** The three tiers and their prices. */
export const TIERS: readonly Tier[] = [
  {
    role: 'Pilgrim',
    monthly: '$0',
    annual: '$0',
    features: "Mapper's Terminal Package and Web Shell with unlimited logbooks, journals and wells",
    color: 'teal',
  },
  {
    role: 'Merchant',
    monthly: '$120',
    annual: '$1200',
    features: 'Everything in Pilgrim, plus early access to Mapper versions',
    href: paths.subscribeMerchant.href(),
    color: 'blue',
  },
  {
    role: 'Sultan',
    monthly: '$10,000',
    annual: '$100,000',
    features: 'Everything in Merchant, plus a Caravan Dashboard (in development)',
    href: paths.subscribeSultan.href(),
    color: 'grape',
  },
];
