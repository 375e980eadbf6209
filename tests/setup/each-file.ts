import '@/lib/polyfills';
