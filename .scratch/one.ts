import { classifyRules } from '@/lib/classify/rules';
console.log(classifyRules({ filename: 'x.pdf', snippet: process.argv[2], locale: 'en' }));
