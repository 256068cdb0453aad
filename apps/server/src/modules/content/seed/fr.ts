// The demo content in French; screen names as in locales/fr.json. French typography: a
// narrow no-break space before ? : ; and !, written as \u202f.
import type { DemoTexts } from './types.ts';

export const fr: DemoTexts = {
  'notice-welcome': {
    title: 'Bienvenue sur Olive\u202f: chaque chiffre est gagné',
    body: "Les gains des robots sont les profits et les pertes d'une vraie stratégie en grille, et chaque solde est la somme d'écritures comptables que vous pouvez ouvrir dans **Détail des fonds**.\n\nCette installation fonctionne avec des **données de marché de démonstration**\u202f: les prix viennent d'un simulateur tant que l'opérateur n'a pas connecté de plateforme d'échange.",
  },
  'notice-maintenance': {
    title: 'Maintenance programmée le dimanche de 02:00 à 02:30 UTC',
    body: "Les dépôts continuent d'arriver pendant la maintenance et sont crédités dès qu'elle se termine. Les retraits demandés pendant ce créneau sont envoyés ensuite.",
  },
  'notice-trc20': {
    title: 'Les dépôts TRC20 sont crédités après 19 confirmations',
    body: 'Pour se prémunir contre les réorganisations de la chaîne, les dépôts TRC20 sont crédités après 19 confirmations (environ une minute).',
  },
  'news-grid': {
    title: 'Comment se comportent les robots en grille dans un marché sans tendance',
    body: "Un robot en grille place des ordres d'achat et de vente à des niveaux de prix fixes. Quand le prix oscille à l'intérieur de sa fourchette, chaque paire achat puis vente menée à terme rapporte un pas de grille, frais déduits.\n\n- Dans un marché **sans tendance**, il négocie souvent.\n- Dans une **tendance**, il conserve du stock et affiche une perte ou un gain latent.\n\nOuvrez les Détails du robot pour distinguer l'un de l'autre.",
  },
  'news-mining': {
    title: 'Pourquoi nous publions les données de chaque paiement de minage',
    body: 'Chaque paiement quotidien conserve la difficulté du réseau, la récompense de bloc, le cours du BTC et le taux de hachage utilisés, afin que chacun puisse le recalculer avec la formule publique.',
  },
  'news-fund-password': {
    title:
      "Conseil de sécurité\u202f: votre mot de passe des fonds n'est pas votre mot de passe de connexion",
    body: "L'équipe d'Olive ne vous demandera jamais ni l'un ni l'autre. Choisissez un mot de passe des fonds que vous n'utilisez nulle part ailleurs\u202f; cinq essais erronés bloquent les retraits pendant 24 heures.",
  },
  'help-top-up': {
    title: 'Comment recharger des USDT\u202f?',
    body: "Ouvrez **Recharge**, choisissez le réseau (ERC20, BEP20 ou TRC20) et envoyez des USDT à l'adresse affichée. N'envoyez que des USDT sur ce réseau. Le dépôt est crédité dès qu'il atteint le nombre de confirmations indiqué à l'écran.",
  },
  'help-withdraw': {
    title: 'Comment fonctionnent les retraits\u202f?',
    body: 'Enregistrez une fois par réseau une adresse de retrait dans **Portefeuille de retrait**, puis saisissez le montant et votre mot de passe des fonds. Les frais sont prélevés sur le montant. Les retraits importants attendent la vérification d’un opérateur.',
  },
  'help-robots': {
    title: "D'où viennent les gains des robots\u202f?",
    body: "Des transactions d'une stratégie en grille face au prix du marché\u202f: une perte est affichée comme une perte. Le rendement quotidien attendu est la médiane d'un backtest, une estimation et non une promesse.",
  },
  'help-fees': {
    title: "Quels frais s'appliquent\u202f?",
    body: "Des frais de retrait par réseau, des frais de négociation sur les ordres exécutés par les robots et une commission de performance sur le bénéfice positif d'un robot lors du règlement. Tous les frais figurent dans **Détail des fonds**.",
  },
  'partner-tether': { detail: 'Stablecoin USDT' },
  'partner-ethereum': { detail: 'Réseau ERC20' },
  'partner-bnb': { detail: 'Réseau BEP20' },
  'partner-tron': { detail: 'Réseau TRC20' },
};
