// The demo content in European Portuguese; screen names as in locales/pt.json.
import type { DemoTexts } from './types.ts';

export const pt: DemoTexts = {
  'notice-welcome': {
    title: 'Bem-vindo ao Olive: cada valor é ganho',
    body: 'Os ganhos dos robôs são os lucros e as perdas de uma estratégia em grelha real, e cada saldo é a soma de lançamentos contabilísticos que pode abrir em **Detalhes de fundos**.\n\nEsta instalação funciona com **dados de mercado de demonstração**: os preços vêm de um simulador até o operador ligar uma corretora.',
  },
  'notice-maintenance': {
    title: 'Manutenção programada no domingo, das 02:00 às 02:30 UTC',
    body: 'Durante a manutenção, os depósitos continuam a chegar e são creditados assim que esta termina. Os levantamentos pedidos nesse período são enviados depois.',
  },
  'notice-trc20': {
    title: 'Os depósitos TRC20 são creditados após 19 confirmações',
    body: 'Para proteger contra reorganizações da cadeia, os depósitos TRC20 são creditados após 19 confirmações (cerca de um minuto).',
  },
  'news-grid': {
    title: 'Como se comportam os robôs em grelha num mercado lateral',
    body: 'Um robô em grelha deixa ordens de compra e de venda em níveis de preço fixos. Quando o preço oscila dentro do seu intervalo, cada par completo de compra e venda ganha um passo da grelha, descontadas as taxas.\n\n- Num mercado **lateral** negoceia com frequência.\n- Numa **tendência** mantém inventário e mostra uma perda ou um lucro não realizado.\n\nConsulte os Detalhes do robô para distinguir uma coisa da outra.',
  },
  'news-mining': {
    title: 'Porque publicamos os dados de cada pagamento de mineração',
    body: 'Cada pagamento diário guarda a dificuldade da rede, a recompensa por bloco, o preço do BTC e a taxa de hash utilizados, para que qualquer pessoa o possa recalcular com a fórmula pública.',
  },
  'news-fund-password': {
    title: 'Dica de segurança: a palavra-passe de fundos não é a palavra-passe de acesso',
    body: 'A equipa do Olive nunca lhe pedirá nenhuma delas. Defina uma palavra-passe de fundos que não utilize em mais lado nenhum; cinco tentativas erradas bloqueiam os levantamentos durante 24 horas.',
  },
  'help-top-up': {
    title: 'Como carrego USDT?',
    body: 'Abra **Carregamento**, escolha a rede (ERC20, BEP20 ou TRC20) e envie USDT para o endereço apresentado. Envie apenas USDT nessa rede. O depósito é creditado quando atingir as confirmações indicadas no ecrã.',
  },
  'help-withdraw': {
    title: 'Como funcionam os levantamentos?',
    body: 'Guarde uma vez, por rede, um endereço de levantamento em **Carteira de levantamento** e depois introduza o montante e a sua palavra-passe de fundos. A taxa é descontada do montante. Os levantamentos elevados aguardam a verificação de um operador.',
  },
  'help-robots': {
    title: 'De onde vêm os ganhos dos robôs?',
    body: 'Das operações de uma estratégia em grelha face ao preço de mercado: uma perda é mostrada como perda. O rendimento diário esperado é a mediana de um backtest, uma estimativa e não uma promessa.',
  },
  'help-fees': {
    title: 'Que taxas se aplicam?',
    body: 'Uma taxa de levantamento por rede, taxas de negociação nas ordens executadas pelos robôs e uma taxa de desempenho sobre o lucro positivo do robô na liquidação. Todas as taxas aparecem em **Detalhes de fundos**.',
  },
  'partner-tether': { detail: 'Stablecoin USDT' },
  'partner-ethereum': { detail: 'Rede ERC20' },
  'partner-bnb': { detail: 'Rede BEP20' },
  'partner-tron': { detail: 'Rede TRC20' },
};
