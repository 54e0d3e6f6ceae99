/** Product name and fixed texts shared by the app and the server. */
export const PRODUCT_NAME = 'Ölkompass';

/** Required by the GeoNames licence (CC BY 4.0); data/README.md. */
export const DATA_ATTRIBUTION = {
  text: 'Postleitzahlen-Daten: © GeoNames, lizenziert unter CC BY 4.0. Daten verändert (gefiltert, Bundesland-/Kantonsnamen vereinheitlicht).',
  geonamesUrl: 'https://www.geonames.org/',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  mapCredit: 'Kartengrundlage: Natural Earth (naturalearthdata.com)',
} as const;
