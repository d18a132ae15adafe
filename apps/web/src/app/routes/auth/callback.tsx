import { Card, CardContent } from '@/components/ui/card';
import { AuthCallback } from '@/features/auth/components/auth-callback';

export default function AuthCallbackRoute() {
  return (
    <Card className="shadow-lg shadow-black/[0.03]">
      <title>Signing in · Parley</title>
      <CardContent className="py-4">
        <AuthCallback />
      </CardContent>
    </Card>
  );
}
