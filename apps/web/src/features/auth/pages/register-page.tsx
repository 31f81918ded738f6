import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { AuthCard, textLinkClasses } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  return (
    <AuthCard
      title="Create your account"
      documentTitle="Register"
      description="Join the network to track your copy trading and referral rewards."
      wide
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.signin} className={textLinkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
