/**
 * The UI kit of the web app. Import from '@/components/ui'.
 * Badge, Button, ItemList, Pagination, Panel (with Hint and ActionRow), Select, Spinner, Table and the icons have no
 * client hooks and render in Server Components; TextInput, NumberInput, PhoneInput, Checkbox, Combobox, Tabs, Alert,
 * StarRating (with StarsShown) and Modal are client components ('use client'). Modal has its own path.
 */
export { Alert } from './alert';
export type { AlertProps, AlertVariant } from './alert';
export { Badge } from './badge';
export type { BadgeProps, BadgeSize, BadgeTone } from './badge';
export { Button } from './button';
export type {
  ButtonAppearance,
  ButtonAsButtonProps,
  ButtonAsLinkProps,
  ButtonLinkComponent,
  ButtonProps,
  ButtonSize,
} from './button';
export { CaptchaNoScript, CaptchaStatus } from './captcha-status';
export { Checkbox } from './checkbox';
export type { CheckboxProps } from './checkbox';
export { Combobox } from './combobox';
export type { ComboboxProps, ComboboxTexts } from './combobox';
export type { CaptchaState, CaptchaStatusProps } from './captcha-status';
export {
  CheckIcon,
  CloseIcon,
  EyeIcon,
  InfoIcon,
  LoadingIcon,
  LocateIcon,
  PhoneCallIcon,
  SearchIcon,
  WarningIcon,
} from './icons';
export type { IconProps } from './icons';
// DataTable is NOT in this barrel either: it brings TanStack Table and next/navigation. Import it from
// '@/components/ui/data-table' (back-office and account tables only).
export { FileUpload, formatFileSize } from './file-upload';
export type { FileUploadProps } from './file-upload';
// Modal is NOT in this barrel: it brings Radix (~13 KB gzip), and a barrel import drags every
// client component it names into the page's first-load JavaScript (issue #9 budget). Import it
// from '@/components/ui/modal', or use LazyModal from '@/components/ui/lazy-modal'.
export { ItemList, ItemMeta, ItemRow, ItemTitle } from './item-list';
export type { ItemRowProps } from './item-list';
export { MonthPicker, formatMonth, type MonthPickerProps, type MonthValue } from './month-picker';
export { NumberInput } from './number-input';
export type { NumberInputProps } from './number-input';
export { Pagination, pageWindow } from './pagination';
export type { PaginationLinkComponent, PaginationProps } from './pagination';
export { ActionRow, Hint, Panel, panelClassName } from './panel';
export type { HintProps } from './panel';
export { PhoneInput } from './phone-input';
export type { PhoneInputProps } from './phone-input';
export { Select } from './select';
export type { SelectOption, SelectProps } from './select';
export { Spinner } from './spinner';
export type { SpinnerProps, SpinnerSize } from './spinner';
export { StarRating, StarsShown } from './star-rating';
export type { StarRatingProps, StarsShownProps } from './star-rating';
export { Table } from './table';
export type { TableProps } from './table';
export { Tabs, tabIds } from './tabs';
export type { TabItem, TabsProps } from './tabs';
export { TextArea } from './text-area';
export type { TextAreaProps } from './text-area';
export { TextInput } from './text-input';
export type { TextInputProps } from './text-input';
