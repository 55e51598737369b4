import { type LonLat, points } from './projection';

export interface City {
  name: string;
  at: LonLat;
  /** Label offset from the dot, in map units, and which side of it the text hangs. */
  dx: number;
  dy: number;
  anchor: 'start' | 'middle' | 'end';
  /** The great termini are drawn larger. */
  major?: boolean;
}

export const CITIES: readonly City[] = [
  { name: "Chang'an (Xi'an)", at: [108.94, 34.34], dx: -2, dy: 17, anchor: 'middle', major: true },
  { name: 'Luoyang', at: [112.45, 34.62], dx: 7, dy: -5, anchor: 'start' },
  { name: 'Lanzhou', at: [103.8, 36.06], dx: 7, dy: 12, anchor: 'start' },
  { name: 'Dunhuang', at: [94.66, 40.14], dx: 8, dy: -6, anchor: 'start', major: true },
  { name: 'Turpan', at: [89.19, 42.95], dx: 0, dy: -9, anchor: 'middle' },
  { name: 'Kucha', at: [82.96, 41.72], dx: 0, dy: -9, anchor: 'middle' },
  { name: 'Kashgar', at: [75.99, 39.47], dx: -6, dy: -12, anchor: 'middle', major: true },
  { name: 'Khotan', at: [79.92, 37.11], dx: 4, dy: 14, anchor: 'middle' },
  { name: 'Samarkand', at: [66.96, 39.65], dx: 1, dy: 18, anchor: 'start', major: true },
  { name: 'Bukhara', at: [64.42, 39.77], dx: -3, dy: -8, anchor: 'end' },
  { name: 'Merv', at: [61.83, 37.66], dx: -7, dy: 4, anchor: 'end' },
  { name: 'Balkh', at: [66.9, 36.76], dx: 7, dy: 10, anchor: 'start' },
  { name: 'Taxila', at: [72.8, 33.75], dx: 7, dy: 10, anchor: 'start' },
  { name: 'Nishapur', at: [58.8, 36.2], dx: 2, dy: 15, anchor: 'middle' },
  { name: 'Rayy', at: [51.4, 35.6], dx: 3, dy: 15, anchor: 'middle' },
  { name: 'Baghdad', at: [44.36, 33.31], dx: 6, dy: 13, anchor: 'start', major: true },
  { name: 'Basra', at: [47.8, 30.5], dx: 7, dy: 4, anchor: 'start' },
  { name: 'Palmyra', at: [38.27, 34.55], dx: 2, dy: -8, anchor: 'middle' },
  { name: 'Antioch', at: [36.16, 36.2], dx: 7, dy: -4, anchor: 'start' },
  { name: 'Tyre', at: [35.2, 33.27], dx: -7, dy: 4, anchor: 'end' },
  { name: 'Alexandria', at: [29.92, 31.2], dx: -4, dy: 14, anchor: 'middle' },
  { name: 'Trebizond', at: [39.7, 41], dx: 7, dy: -3, anchor: 'start' },
  { name: 'Constantinople', at: [28.98, 41.01], dx: -6, dy: -8, anchor: 'middle', major: true },
  { name: 'Venice', at: [12.33, 45.44], dx: 0, dy: -8, anchor: 'middle' },
  { name: 'Hormuz', at: [56.3, 27.1], dx: 7, dy: 4, anchor: 'start' },
  { name: 'Guangzhou', at: [113.26, 23.13], dx: 6, dy: -7, anchor: 'start' },
];

/** Overland caravan routes, through the oases and passes that shaped them. */
export const CARAVAN_ROUTES: readonly (readonly LonLat[])[] = [
  // Hexi Corridor: Luoyang and Chang'an out to Dunhuang
  points`112.45 34.62, 108.94 34.34, 106 35.3, 103.8 36.06, 102.6 37.9, 100.45 38.93, 98.5 39.7, 94.66 40.14`,
  // North of the Taklamakan
  points`94.66 40.14, 93.5 42.8, 89.19 42.95, 86.6 42, 82.96 41.72, 80.3 41.2, 75.99 39.47`,
  // South of the Taklamakan
  points`94.66 40.14, 88.9 39.2, 82.7 37.5, 79.92 37.11, 77.2 38.4, 75.99 39.47`,
  // Over the Pamirs and through Ferghana to Samarkand, then west across Persia to Baghdad
  points`
    75.99 39.47, 73.9 39.7, 72.8 40.5, 70.9 40.5, 69.6 40.3, 66.96 39.65, 64.42 39.77, 61.83 37.66, 58.8 36.2,
    54.4 36.2, 51.4 35.6, 48.5 34.8, 44.36 33.31
  `,
  // The steppe road north of the Tian Shan
  points`89.19 42.95, 84 44.3, 80.9 44, 76.9 43.3, 72.2 42.5, 69.24 41.3, 66.96 39.65`,
  // South through Balkh and the Hindu Kush to Gandhara
  points`61.83 37.66, 64 37, 66.9 36.76, 67.8 34.8, 69.2 34.5, 71.6 34, 72.8 33.75`,
  // Baghdad up the Euphrates and across the desert to the Levant
  points`44.36 33.31, 41.9 34.4, 40.7 34.7, 38.27 34.55, 36.7 34.7, 36.16 36.2`,
  points`38.27 34.55, 36.3 33.5, 35.2 33.27`,
  // Across Anatolia to Constantinople
  points`36.16 36.2, 34.9 36.9, 32.5 37.9, 30.5 38.8, 29.7 40.4, 28.98 41.01`,
  // From Rayy through Tabriz to the Black Sea at Trebizond
  points`51.4 35.6, 50 36.3, 46.3 38.1, 43.5 39.6, 41.3 39.9, 39.7 41`,
];

/** Sea lanes: the maritime silk road, continuing beyond the frame to India and the Straits. */
export const SEA_LANES: readonly (readonly LonLat[])[] = [
  points`47.8 30.5, 49.5 29.6, 50.6 28.6, 52.3 27.3, 54.5 26.8, 56.3 27.1, 57.2 25, 59.2 23.3, 62.5 20.5, 66 17, 69.5 13, 71 10`,
  points`113.26 23.13, 113.5 21, 112.3 17.5, 110.8 14, 110.2 10`,
  points`12.33 45.44, 14.5 43.7, 17.5 41.6, 19 39.6, 20.3 37.2, 23.3 36.1, 25.2 37.6, 25.8 39.4, 26.2 40.05`,
  points`35.2 33.27, 33.6 32.5, 31.5 31.9, 29.92 31.2`,
];
