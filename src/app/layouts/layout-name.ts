export type LayoutName = 'default' | 'focused' | 'message';
