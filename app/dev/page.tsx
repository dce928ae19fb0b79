import { redirect } from 'next/navigation';

export default function DevPage() {
  redirect('/dev/api-keys');
}
