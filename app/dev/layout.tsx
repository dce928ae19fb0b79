import { SignedInLayout } from '@/components/shell/signed-in-layout';

export default function DevLayout({ children }: { children: React.ReactNode }) {
  return <SignedInLayout>{children}</SignedInLayout>;
}
