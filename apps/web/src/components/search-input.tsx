/**
 * antd's Input.Search, imported from its own module: `Input` from the antd barrel brings Input.OTP, TextArea and
 * Password along (about 5 KB compressed), and the header, the home page and the search page need only the search box.
 */
export { default as SearchInput } from 'antd/es/input/Search';
export type { SearchProps as SearchInputProps } from 'antd/es/input/Search';
