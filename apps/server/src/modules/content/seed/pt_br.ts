// The demo content in Brazilian Portuguese; screen names as in locales/pt_br.json.
import type { DemoTexts } from './types.ts';

export const pt_br: DemoTexts = {
  'notice-welcome': {
    title: 'Boas-vindas ao Olive: cada número é conquistado',
    body: 'Os ganhos dos robôs são o lucro e o prejuízo de uma estratégia de grid real, e cada saldo é a soma de lançamentos contábeis que você pode abrir em **Extrato de fundos**.\n\nEsta instalação roda com **dados de mercado de demonstração**: os preços vêm de um simulador até o operador conectar uma corretora.',
  },
  'notice-maintenance': {
    title: 'Manutenção programada no domingo, das 02:00 às 02:30 UTC',
    body: 'Durante a manutenção, os depósitos continuam chegando e são creditados assim que ela termina. Os saques solicitados nesse horário são enviados depois.',
  },
  'notice-trc20': {
    title: 'Depósitos TRC20 são creditados após 19 confirmações',
    body: 'Para proteger contra reorganizações da blockchain, os depósitos TRC20 são creditados após 19 confirmações (cerca de um minuto).',
  },
  'news-grid': {
    title: 'Como os robôs de grid se comportam em um mercado lateral',
    body: 'Um robô de grid deixa ordens de compra e de venda em níveis de preço fixos. Quando o preço oscila dentro da faixa dele, cada par completo de compra e venda rende um degrau do grid, descontadas as taxas.\n\n- Em um mercado **lateral**, ele opera com frequência.\n- Em uma **tendência**, ele fica posicionado e mostra um prejuízo ou lucro não realizado.\n\nVeja os Detalhes do robô para separar uma coisa da outra.',
  },
  'news-mining': {
    title: 'Por que publicamos os dados de cada pagamento de mineração',
    body: 'Cada pagamento diário guarda a dificuldade da rede, a recompensa por bloco, o preço do BTC e o hashrate usados, para que qualquer pessoa possa recalculá-lo com a fórmula pública.',
  },
  'news-fund-password': {
    title: 'Dica de segurança: sua senha de fundos não é sua senha de login',
    body: 'A equipe do Olive nunca vai pedir nenhuma das duas. Crie uma senha de fundos que você não usa em nenhum outro lugar; cinco tentativas erradas bloqueiam os saques por 24 horas.',
  },
  'help-top-up': {
    title: 'Como deposito USDT?',
    body: 'Abra **Depósito**, escolha a rede (ERC20, BEP20 ou TRC20) e envie USDT para o endereço exibido. Envie somente USDT nessa rede. O depósito é creditado quando atingir as confirmações indicadas na tela.',
  },
  'help-withdraw': {
    title: 'Como funcionam os saques?',
    body: 'Salve um endereço de saque por rede, uma única vez, em **Carteira de saque** e depois informe o valor e sua senha de fundos. A taxa é descontada do valor. Saques grandes aguardam a análise de um operador.',
  },
  'help-robots': {
    title: 'De onde vêm os ganhos dos robôs?',
    body: 'Das operações de uma estratégia de grid contra o preço de mercado: prejuízo aparece como prejuízo. O rendimento diário esperado é a mediana de um backtest, uma estimativa e não uma promessa.',
  },
  'help-fees': {
    title: 'Quais taxas se aplicam?',
    body: 'Uma taxa de saque por rede, taxas de negociação nas ordens executadas pelos robôs e uma taxa de performance sobre o lucro positivo do robô na liquidação. Todas as taxas aparecem em **Extrato de fundos**.',
  },
  'partner-tether': { detail: 'Stablecoin USDT' },
  'partner-ethereum': { detail: 'Rede ERC20' },
  'partner-bnb': { detail: 'Rede BEP20' },
  'partner-tron': { detail: 'Rede TRC20' },
};
