import list from '../../../data/topics/india-cities.json' with { type: 'json' };
import { fold } from './catalogue.ts';

/** The India list's cities as written ("Mumbai", "New Delhi"): place cues beside the states and regions (india-places.ts). */
export const INDIAN_CITY_NAMES: readonly string[] = list.cities;

/** The same cities folded ("mumbai", "new delhi"): a story's city badge names one. */
export const INDIAN_CITIES: readonly string[] = list.cities.map(fold);
