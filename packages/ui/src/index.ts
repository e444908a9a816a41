export { theme, palette, fonts, cssVariablesResolver } from "./theme";
export { TearoomProvider, type TearoomProviderProps } from "./TearoomProvider/TearoomProvider";
export { ToastProvider, useToast, type ToastInput, type ToastItem, type ToastVariant } from "./Toasts/ToastProvider";
export { Toaster } from "./Toasts/Toaster";
export { Price, type PriceProps } from "./Price/Price";
export { SectionHeading, Ornament, type SectionHeadingProps } from "./SectionHeading/SectionHeading";
export { PageSection, Container, CardGrid, Card, type PageSectionProps, type SectionTone } from "./Layout/Layout";
export { LinkButton, type LinkButtonVariant } from "./LinkButton/LinkButton";
export { TextSkeleton } from "./TextSkeleton/TextSkeleton";
