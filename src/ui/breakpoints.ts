/** SPEC §9 breakpoints in px; tokens.css mirrors them in its media queries. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1260 } as const;
