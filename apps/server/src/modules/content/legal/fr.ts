// Les pages juridiques en français, section par section comme le modèle anglais.
import type { LegalTexts } from './fields.ts';

export const fr: LegalTexts = {
  fields: {
    company_name: 'nom de la société',
    registered_address: 'adresse du siège',
    company_number: "numéro d'immatriculation",
    support_email: 'e-mail du support',
    governing_law: 'droit applicable',
    effective_date: "date d'entrée en vigueur",
  },
  about: {
    title: 'À propos',
    body: `## Qui nous sommes

Cette plateforme est exploitée par {{company_name}}, immatriculée sous le numéro {{company_number}}, dont le siège est situé {{registered_address}}. Dans ces pages, « nous » désigne {{company_name}} et « vous » la personne titulaire d'un compte.

## Ce que nous proposons

- **Des robots de trading en grille** sur BTC, ETH, BNB, SOL et TRX contre USDT. Un robot place des ordres d'achat et de vente à des niveaux de prix fixes et gagne, ou perd, selon les transactions qu'il exécute réellement.
- **Le copy trading** : vous pouvez copier un robot qu'un autre investisseur a rendu public, avec votre propre capital, et verser à son propriétaire la part des bénéfices affichée avant de copier.
- **La location de minage** : vous louez de la puissance de calcul pour un nombre de jours fixe et recevez ce que donne la formule publique de minage selon la difficulté du réseau et le cours du BTC de chaque jour, moins l'électricité.
- **Un portefeuille USDT** sur les réseaux ERC20, BEP20 et TRC20, pour les dépôts et les retraits.

## Comment nous présentons les résultats

Chaque chiffre que vous voyez provient d'un mécanisme réel : les transactions d'une stratégie aux prix du marché, la formule publique de la puissance de calcul ou des frais réellement perçus. Chaque solde est la somme des écritures listées dans le Détail des fonds. Une perte est affichée comme une perte. Les chiffres attendus, les backtests et les prévisions sont des estimations et sont présentés comme tels.

## Preuve de réserves

Chaque jour, nous publions une preuve de réserves : un résumé cryptographique de ce que nous devons à l'ensemble des investisseurs, qui vous permet de vérifier que votre propre solde y figure, comparé aux USDT que nous détenons en conservation.

## Contact

Écrivez à {{support_email}} ou utilisez « Nous contacter » dans l'application. Le courrier peut être adressé à {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Avertissement',
    body: `*Date d'entrée en vigueur : {{effective_date}}*

## Aucun conseil en investissement

Rien sur cette plateforme ne constitue un conseil en investissement, financier, juridique ou fiscal, ni une offre d'achat ou de vente d'un actif. Décidez par vous-même et demandez un avis indépendant en cas de doute.

## Risques des robots de trading

Le prix des actifs numériques est volatil. Un robot en grille gagne quand le prix va et vient dans sa fourchette ; dans une forte tendance, il détient des actifs qui perdent de la valeur ou manque des gains, et vous pouvez perdre tout ou partie du capital que vous lui confiez. Les sorties stop-loss et take-profit se font au prix du marché, qui peut être moins bon que le niveau fixé. Les backtests et rendements attendus sont calculés sur des données passées et ne sont pas des promesses. Des frais de transaction s'appliquent à chaque exécution, et une commission de performance est prélevée sur le bénéfice réalisé lors du règlement. Un robot que vous copiez peut perdre de l'argent comme tout autre, et la part des bénéfices versée à son propriétaire est prélevée sur votre bénéfice réalisé.

## Risques de la location de minage

Les gains de minage suivent la formule publique selon la difficulté du réseau, la récompense de bloc et le cours du BTC de chaque jour. La difficulté augmente généralement et le cours du BTC peut baisser : une location peut donc rapporter moins qu'elle n'a coûté, et une durée inférieure au seuil de rentabilité risque fort de perdre de l'argent. Une location court pendant la durée fixe payée d'avance ; elle ne peut être ni annulée ni remboursée en cours de route.

## Risques du stablecoin et des réseaux

Les soldes sont tenus en USDT, un stablecoin émis par un tiers, qui peut perdre sa parité ou être gelé par son émetteur. Les réseaux blockchain peuvent être congestionnés, scindés ou arrêtés, et un transfert envoyé à une mauvaise adresse ou sur un mauvais réseau est irréversible.

## Résultats passés

Les résultats passés, historiques, classements et palmarès ne garantissent pas les résultats futurs. Les investisseurs et robots de démonstration sont signalés comme tels et ne sont pas de vrais comptes.

## Disponibilité

Nous pouvons suspendre les dépôts, les retraits, les robots ou les locations pour maintenance, pour des raisons de sécurité ou pour des raisons juridiques. Nous faisons de notre mieux pour assurer le service, sans promettre qu'il sera toujours disponible ou exempt d'erreurs.

## Votre responsabilité

Il vous appartient de juger si ces produits vous conviennent, de vous acquitter des impôts qui vous concernent et de n'utiliser la plateforme que là où la loi le permet.
`,
  },
  privacy: {
    title: 'Politique de confidentialité',
    body: `*Date d'entrée en vigueur : {{effective_date}}*

## Responsable du traitement

{{company_name}} ({{registered_address}}, immatriculation {{company_number}}) est responsable des données personnelles décrites ici. Questions et demandes : {{support_email}}.

## Ce que nous collectons

- **Compte** : votre adresse e-mail ou numéro de téléphone, identifiant, pseudonyme, avatar, code de parrainage et parrain, mot de passe et mot de passe de fonds (conservés uniquement sous forme d'empreintes irréversibles), et vos réglages de double authentification.
- **Connexions et sécurité** : l'heure, l'adresse IP et l'appareil des connexions et des changements de sécurité, les tentatives échouées et les blocages.
- **Argent** : les adresses de dépôt et de retrait, les transactions sur la blockchain et chaque écriture de vos soldes, robots, locations, frais et commissions.
- **Support** : les messages que vous nous envoyez.

## Pourquoi nous les utilisons

Pour ouvrir et sécuriser votre compte, faire fonctionner vos robots et locations, créditer les dépôts et envoyer les retraits, verser les commissions d'équipe, prévenir la fraude et le blanchiment, vous répondre et remplir nos obligations légales. Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.

## Qui les reçoit

Les réseaux blockchain (les adresses et transactions sur la blockchain sont publiques par nature), les prestataires qui hébergent nos serveurs ou envoient nos e-mails et SMS, et les autorités lorsque la loi l'exige. Chaque prestataire ne reçoit que ce que sa tâche exige. Votre parrain voit votre compte masqué et les chiffres de votre équipe, jamais votre identité complète.

## Preuve de réserves

La preuve de réserves publiée ne contient ni nom, ni adresse e-mail, ni solde exact : chaque solde est divisé en plusieurs parts cachées, de sorte que personne ne peut y lire vos avoirs.

## Durée de conservation

- Vos données de compte : tant que votre compte est ouvert, puis aussi longtemps que la loi l'exige.
- Les journaux de connexion et de sécurité : le temps nécessaire pour protéger les comptes et enquêter sur les incidents.
- Les écritures, dépôts, retraits et frais : pendant la durée qu'impose la loi sur les documents financiers et comptables, même après la clôture de votre compte. Une écriture n'est jamais modifiée ni supprimée ; une correction est une nouvelle écriture.

## Vos droits

Vous pouvez demander à consulter les données que nous détenons sur vous, à faire corriger des données erronées, à les faire effacer lorsque la loi le permet, à en recevoir une copie, et à vous opposer à un usage ou à le faire limiter. Les documents que la loi nous oblige à conserver ne peuvent être effacés avant la fin de leur durée. Écrivez à {{support_email}} ; nous répondons dans le délai légal. Vous pouvez aussi saisir l'autorité de protection des données de votre lieu de résidence.

## Sécurité

Les mots de passe sont conservés sous forme d'empreintes irréversibles, les connexions sont chiffrées, les retraits au-delà de certains montants sont examinés par notre personnel, et les actions du personnel dans la console sont consignées dans un journal d'audit.

## Modifications

Toute modification de cette politique sera publiée ici avec une nouvelle date d'entrée en vigueur, et nous vous informerons dans l'application des changements importants.
`,
  },
  terms: {
    title: "Conditions d'utilisation",
    body: `*Date d'entrée en vigueur : {{effective_date}}*

## Accord

Les présentes conditions constituent un accord entre vous et {{company_name}}, immatriculée sous le numéro {{company_number}}, {{registered_address}}. En ouvrant un compte ou en utilisant la plateforme, vous les acceptez, ainsi que l'Avertissement et la Politique de confidentialité.

## Conditions d'accès

Vous devez être majeur et pleinement capable, et vous ne pouvez pas utiliser la plateforme là où la loi de votre pays l'interdit ou là où nous ne la proposons pas. Vous n'ouvrez qu'un seul compte, pour vous-même, avec des informations exactes.

## Votre compte et sa sécurité

Gardez secrets votre mot de passe, votre mot de passe de fonds et votre appareil de double authentification, et choisissez un mot de passe de fonds que vous n'utilisez nulle part ailleurs. Tout ce qui est fait avec vos identifiants est réputé fait par vous. Prévenez-nous immédiatement à {{support_email}} si vous pensez que votre compte est menacé. Cinq mots de passe de fonds erronés bloquent les retraits pendant 24 heures.

## Dépôts et conservation

Nous conservons les USDT des investisseurs sur les réseaux ERC20, BEP20 et TRC20, dans des portefeuilles que nous contrôlons, et enregistrons la part de chaque investisseur dans notre grand livre. N'envoyez que des USDT sur le réseau de votre adresse de dépôt ; un dépôt est crédité après les confirmations indiquées dans l'application, et un dépôt inférieur au minimum est affiché mais non crédité. Votre solde est une créance sur nous pour ce montant d'USDT.

## Retraits

Un retrait est versé à l'adresse enregistrée pour son réseau, moins les frais de retrait affichés avant votre confirmation, dans la limite quotidienne. Le montant est gelé dès votre demande. Les retraits au-delà d'un certain montant sont examinés par notre personnel, et les plus importants exigent deux approbations. Nous pouvons retenir ou refuser un retrait le temps de vérifier une fraude, un blanchiment ou une décision de justice ; un retrait refusé rend le montant et les frais à votre solde.

## Robots et copy trading

Un robot négocie le capital que vous lui confiez selon les réglages que vous choisissez. Des frais de transaction s'appliquent à chaque exécution. Lors du règlement, le bénéfice réalisé est ajouté à votre solde, moins la commission de performance affichée dans l'application ; quand vous arrêtez un robot, ses positions sont clôturées au prix du marché et le capital, augmenté ou diminué de son résultat, vous est rendu. Si vous copiez un robot, vous versez aussi à son propriétaire la part des bénéfices affichée, sur votre bénéfice réalisé au-delà de votre précédent plus haut. Nous pouvons désactiver un robot ou fermer un marché par sécurité.

## Location de minage

Une location est payée d'avance pour un nombre de jours fixe et rapporte chaque jour ce que donne la formule publiée, moins l'électricité, jamais moins de zéro. Elle prend fin à son terme, sauf si vous la renouvelez.

## Frais

Les frais applicables sont affichés dans l'application avant que vous n'agissiez, et chaque frais payé apparaît dans le Détail des fonds. Nous pouvons modifier les frais pour l'avenir et l'annoncerons ; une modification ne s'applique jamais à des frais déjà prélevés.

## Usages interdits

Vous ne pouvez pas utiliser la plateforme pour le blanchiment, le financement du terrorisme, la fraude ou le contournement de sanctions, avec des fonds qui ne vous appartiennent pas, par un accès automatisé que nous n'avons pas autorisé, pour attaquer ou sonder nos systèmes, ni pour manipuler les classements, le parrainage ou les commissions.

## Suspension et clôture

Nous pouvons geler, limiter ou clôturer un compte qui enfreint ces conditions, lorsque la loi l'exige ou pour vous protéger ou protéger d'autres investisseurs, et nous vous en donnerons la raison sauf si la loi l'interdit. Vous pouvez clôturer votre compte à tout moment après avoir retiré votre solde.

## Limites de notre responsabilité

Nous répondons des pertes causées par notre propre faute dans les conditions prévues par la loi. Nous ne répondons pas des pertes de marché, du résultat d'un robot ou d'une location, des agissements des réseaux blockchain ou des émetteurs de stablecoins, ni d'événements échappant à notre contrôle raisonnable. Rien dans ces conditions ne limite une responsabilité que la loi ne permet pas de limiter.

## Modification des conditions

Nous pouvons modifier ces conditions. Nous publierons la nouvelle version ici avec sa date d'entrée en vigueur et vous informerons dans l'application avant qu'un changement important ne s'applique. Si vous n'êtes pas d'accord, vous pouvez clôturer votre compte.

## Droit applicable

Ces conditions sont régies par {{governing_law}}. Les litiges relèvent des tribunaux désignés par ce droit, sans préjudice de votre droit, en tant que consommateur, de saisir les tribunaux de votre lieu de résidence.

## Contact

{{company_name}}, {{registered_address}}. E-mail : {{support_email}}.
`,
  },
};
