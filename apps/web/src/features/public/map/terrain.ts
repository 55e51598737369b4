import { points } from './projection';

/** Rivers the caravans crossed or followed, from source (or frame edge) to mouth. */
export const RIVERS = [
  // Nile
  points`32.5 10, 32.5 15.6, 32.3 17.4, 30.4 19.5, 31.4 21.9, 32.9 24.1, 32.7 25.7, 31.2 27.2, 30.8 28, 31.2 29, 31.25 30.6`,
  // Euphrates
  points`38.8 39, 38.3 37, 39 35.95, 40.7 34.7, 41.9 34.4, 43.3 33.4, 44.4 32.5, 45.8 31.3, 47 31, 48 30.4, 48.5 29.95`,
  // Tigris
  points`40.1 37.9, 42.2 37.3, 43.1 36.3, 43.7 34.5, 44.4 33.3, 45.9 32.5, 47 31.1`,
  // Oxus (Amu Darya)
  points`71.5 37.2, 68.5 37.1, 67.3 37.2, 65 38.3, 63.6 39.1, 61.4 41, 60.6 41.5, 59.8 42.5, 59.6 43.6`,
  // Jaxartes (Syr Darya)
  points`73 40.9, 71 40.9, 69.6 40.3, 68.7 40.9, 68.2 42.5, 66.6 44, 65.5 44.85, 62.5 45.8, 61.2 45.9`,
  // Indus
  points`80 32.5, 77.6 34.2, 74.5 35.7, 72.8 34.5, 72.2 33.9, 71.5 32.5, 70.9 30, 68.9 27.7, 68.3 25.4, 67.6 24.2`,
  // Ganges
  points`78.2 29.9, 80.3 26.4, 82.9 25.3, 85.1 25.6, 87.9 24.8, 88.5 23.5, 89.5 22.2`,
  // Yellow River
  points`96.5 34.8, 101 36, 103.8 36.06, 105.5 37.5, 106.5 39.3, 107 40.8, 110 40.7, 111.2 39.5, 110.6 36.5, 110.3 34.6, 113.6 34.9, 116 35.7, 118.8 37.7`,
  // Yangtze
  points`91 34, 97.5 32.5, 100 27.5, 104.6 28.8, 106.5 29.6, 111.3 30.7, 114.3 30.6, 116.4 29.8, 118.8 32, 121.6 31.5`,
];

/** Mountain ranges, drawn as rows of peaks along these lines. */
export const RANGES = [
  points`70.5 41.6, 75 41.4, 80 42.2, 85 43, 88.5 43.2, 94 43.2`, // Tian Shan
  points`76.5 36.4, 81 35.9, 86 35.8, 91 36.1, 95 36.3`, // Kunlun
  points`72.3 38.6, 73.8 37.6, 74.9 38.5`, // Pamir
  points`67 35, 69.3 35.4, 71.5 36.2`, // Hindu Kush
  points`74.6 33.8, 77.5 32.4, 80 30.6, 84 28.7, 88 27.9, 92 28.2, 95.5 28.8`, // Himalaya
  points`45.5 35.7, 47.5 33.7, 50 31.2, 52.5 29.6, 55.5 28.6`, // Zagros
  points`52 36.1, 55 36.8, 57.5 37.4`, // Alborz and Kopet Dag
  points`29.8 37.2, 33 37.1, 36 37.8, 39.5 38.6`, // Taurus
  points`38.6 43.9, 41.5 43.2, 44.5 42.7, 47.2 41.9, 49.2 41.1`, // Caucasus
  points`95.5 39.4, 98.5 38.7, 101.5 37.6`, // Qilian
];

/** Where each label sits; lat/lon of its centre. */
export const SEA_LABELS = [
  { text: 'Mediterranean Sea', at: [18.5, 34.6] },
  { text: 'Black Sea', at: [34.6, 43.4] },
  { text: 'Caspian', at: [50.6, 42.6] },
  { text: 'Sea', at: [50.6, 41.6] },
  { text: 'Aral', at: [59.8, 45] },
  { text: 'Persian Gulf', at: [52.2, 25.9], rotate: 22 },
  { text: 'Red Sea', at: [38.3, 21.6], rotate: -58 },
  { text: 'Arabian Sea', at: [63, 18] },
  { text: 'Bay of Bengal', at: [88.5, 16.5] },
  { text: 'South China Sea', at: [115.5, 17] },
  { text: 'East China', at: [124.3, 29.7] },
  { text: 'Sea', at: [124.3, 28.7] },
] as const;

export const LAND_LABELS = [
  { text: 'TAKLAMAKAN', at: [83.3, 39.5], kind: 'desert' },
  { text: 'GOBI', at: [104, 42.4], kind: 'desert' },
  { text: 'KARAKUM', at: [58.5, 39.3], kind: 'desert' },
  { text: 'SYRIAN DESERT', at: [40, 30.5], kind: 'desert' },
  { text: 'TIBETAN PLATEAU', at: [86, 32.6], kind: 'desert' },
  { text: 'CHINA', at: [112, 28.6], kind: 'region' },
  { text: 'PERSIA', at: [56.5, 31.5], kind: 'region' },
  { text: 'INDIA', at: [78.5, 22], kind: 'region' },
  { text: 'ARABIA', at: [45, 22.5], kind: 'region' },
  { text: 'SOGDIANA', at: [64, 43.5], kind: 'region' },
  { text: 'EGYPT', at: [28.5, 26.5], kind: 'region' },
  { text: 'STEPPE', at: [88, 47.5], kind: 'region' },
] as const;
