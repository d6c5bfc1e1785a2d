// The Tigris & Euphrates palettes: the shared picture model's (games/tigris/present/picture.py), the same the
// static SVG paints with.

import { themeFrom, type Palettes, type Theme } from "../../core/theme";
import { PICTURE } from "./picture.generated";

export type TigrisPalette = typeof PICTURE.light;
export type TigrisTheme = Theme<TigrisPalette>;

export const PALETTES: Palettes<TigrisPalette> = { light: PICTURE.light, dark: PICTURE.dark as TigrisPalette };
export const LIGHT: TigrisTheme = themeFrom(PALETTES.light, false);
export const DARK: TigrisTheme = themeFrom(PALETTES.dark, true);
