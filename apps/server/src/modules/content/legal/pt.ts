// As páginas legais em português europeu, secção a secção como o modelo inglês.
import type { LegalTexts } from './fields.ts';

export const pt: LegalTexts = {
  fields: {
    company_name: 'nome da empresa',
    registered_address: 'sede social',
    company_number: 'número de registo',
    support_email: 'e-mail de apoio',
    governing_law: 'lei aplicável',
    effective_date: 'data de entrada em vigor',
  },
  about: {
    title: 'Sobre nós',
    body: `## Quem somos

Esta plataforma é explorada pela {{company_name}}, registada com o número {{company_number}} e com sede em {{registered_address}}. Nestas páginas, «nós» significa a {{company_name}} e «o utilizador» a pessoa titular de uma conta.

## O que oferecemos

- **Robôs de negociação em grelha** sobre BTC, ETH, BNB, SOL e TRX contra USDT. Um robô coloca ordens de compra e venda em níveis de preço fixos e ganha, ou perde, com as transações que efetivamente realiza.
- **Copy trading**: pode copiar um robô que outro investidor tornou público, com o seu próprio capital, e pagar ao dono a participação nos lucros indicada antes de copiar.
- **Aluguer de mineração**: aluga poder de cálculo por um número fixo de dias e recebe o que a fórmula pública de mineração dá com a dificuldade da rede e o preço da BTC de cada dia, menos a eletricidade.
- **Uma carteira USDT** nas redes ERC20, BEP20 e TRC20, para carregamentos e levantamentos.

## Como apresentamos os resultados

Cada valor que vê resulta de um mecanismo real: as transações de uma estratégia a preços de mercado, a fórmula pública do poder de cálculo ou comissões efetivamente cobradas. Cada saldo é a soma dos movimentos listados em Detalhes de fundos. Uma perda é mostrada como perda. Valores esperados, backtests e previsões são estimativas e estão assinalados como tal.

## Prova de reservas

Todos os dias publicamos uma prova de reservas: um resumo criptográfico do que devemos a todos os investidores, com o qual pode verificar que o seu saldo está incluído, comparado com os USDT que guardamos em custódia.

## Contacto

Escreva para {{support_email}} ou use Contacte-nos na aplicação. A correspondência pode ser enviada para {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Aviso legal',
    body: `*Data de entrada em vigor: {{effective_date}}*

## Nenhum aconselhamento de investimento

Nada nesta plataforma é aconselhamento de investimento, financeiro, jurídico ou fiscal, nem uma oferta de compra ou venda de qualquer ativo. Decida por si e procure aconselhamento independente em caso de dúvida.

## Riscos dos robôs de negociação

Os preços dos ativos digitais são voláteis. Um robô em grelha ganha quando o preço oscila dentro do seu intervalo; numa tendência forte detém ativos que perdem valor, ou perde ganhos, e pode perder parte ou a totalidade do capital que lhe confia. As saídas stop-loss e take-profit fecham ao preço de mercado, que pode ser pior do que o nível definido. Backtests e rendimentos esperados são calculados com dados passados e não são promessas. Cada execução paga comissões de negociação, e na liquidação é retida uma comissão de desempenho sobre o lucro realizado. Um robô que copia pode perder dinheiro como qualquer outro, e a participação paga ao dono é retirada do seu lucro realizado.

## Riscos do aluguer de mineração

Os ganhos de mineração seguem a fórmula pública com a dificuldade da rede, a recompensa de bloco e o preço da BTC de cada dia. A dificuldade costuma subir e o preço da BTC pode cair, pelo que um aluguer pode render menos do que custou, e um prazo inferior ao ponto de equilíbrio provavelmente perde dinheiro. Um aluguer dura o prazo fixo pago antecipadamente; não pode ser cancelado nem reembolsado a meio.

## Riscos da stablecoin e das redes

Os saldos são mantidos em USDT, uma stablecoin emitida por terceiros, que pode perder a paridade ou ser congelada pelo emissor. As redes blockchain podem ficar congestionadas, dividir-se ou parar, e uma transferência enviada para um endereço ou rede errados não pode ser revertida.

## Resultados passados

Resultados passados, históricos, classificações e rankings não garantem resultados futuros. Investidores e robôs de demonstração estão assinalados como tal e não são contas reais.

## Disponibilidade

Podemos suspender carregamentos, levantamentos, robôs ou alugueres por manutenção, segurança ou razões legais. Fazemos o possível por manter o serviço, mas não prometemos que esteja sempre disponível ou isento de erros.

## A sua responsabilidade

Cabe-lhe decidir se estes produtos lhe convêm, pagar os impostos que lhe dizem respeito e usar a plataforma apenas onde a lei o permite.
`,
  },
  privacy: {
    title: 'Política de privacidade',
    body: `*Data de entrada em vigor: {{effective_date}}*

## Responsável pelo tratamento

A {{company_name}} ({{registered_address}}, número de registo {{company_number}}) é responsável pelos dados pessoais aqui descritos. Questões e pedidos para {{support_email}}.

## O que recolhemos

- **Conta**: endereço de e-mail ou número de telefone, nome de utilizador, alcunha, avatar, código de convite e patrocinador, palavra-passe e palavra-passe de fundos (guardadas apenas como hashes irreversíveis) e as definições de autenticação de dois fatores.
- **Acessos e segurança**: hora, endereço IP e dispositivo dos inícios de sessão e das alterações de segurança, tentativas falhadas e bloqueios.
- **Dinheiro**: endereços de carregamento e levantamento, transações na blockchain e cada movimento dos seus saldos, robôs, alugueres, comissões e comissões de equipa.
- **Apoio**: as mensagens que nos envia.

## Para que os usamos

Para abrir e proteger a sua conta, fazer funcionar os seus robôs e alugueres, creditar carregamentos e enviar levantamentos, pagar comissões de equipa, prevenir a fraude e o branqueamento de capitais, responder-lhe e cumprir as nossas obrigações legais. Não vendemos os seus dados nem os usamos para publicidade.

## Quem os recebe

As redes blockchain (endereços e transações na blockchain são públicos por natureza), os prestadores que alojam os nossos servidores ou enviam os nossos e-mails e SMS, e as autoridades quando a lei o exige. Cada prestador recebe apenas o que a sua tarefa exige. O seu patrocinador vê a sua conta mascarada e os números da sua equipa, nunca a sua identidade completa.

## Prova de reservas

A prova de reservas publicada não contém nomes, e-mails nem saldos exatos: cada saldo é dividido em várias partes ocultas, de modo que ninguém consegue ler nela o que detém.

## Durante quanto tempo os guardamos

- Os dados da conta: enquanto a conta estiver aberta e, depois, durante o tempo que a lei exigir.
- Os registos de acesso e segurança: durante o tempo necessário para proteger as contas e investigar incidentes.
- Movimentos, carregamentos, levantamentos e comissões: durante o prazo que a lei sobre registos financeiros e contabilísticos exige, mesmo depois de fechar a conta. Um movimento nunca é alterado nem apagado; uma correção é um novo movimento.

## Os seus direitos

Pode pedir acesso aos dados que temos sobre si, a retificação dos incorretos, o apagamento quando a lei o permita, uma cópia dos seus dados, e opor-se a uma utilização ou limitá-la. Os registos que a lei nos obriga a guardar não podem ser apagados antes do fim do prazo. Escreva para {{support_email}}; respondemos no prazo legal. Pode também apresentar reclamação à autoridade de proteção de dados do seu país.

## Segurança

As palavras-passe são guardadas como hashes irreversíveis, as ligações são cifradas, a nossa equipa analisa os levantamentos acima de certos montantes e as ações da equipa na consola ficam num registo de auditoria.

## Alterações

Publicaremos aqui qualquer alteração desta política com uma nova data de entrada em vigor e avisá-lo-emos na aplicação das alterações importantes.
`,
  },
  terms: {
    title: 'Termos de serviço',
    body: `*Data de entrada em vigor: {{effective_date}}*

## Acordo

Estes termos são um acordo entre o utilizador e a {{company_name}}, número de registo {{company_number}}, {{registered_address}}. Ao abrir uma conta ou usar a plataforma, aceita-os, juntamente com o Aviso legal e a Política de privacidade.

## Requisitos

Tem de ser maior de idade e plenamente capaz, e não pode usar a plataforma onde a lei do seu país o proíba ou onde não a disponibilizamos. Abre uma única conta, para si, com dados verdadeiros.

## A sua conta e a sua segurança

Mantenha em segredo a palavra-passe, a palavra-passe de fundos e o dispositivo de dois fatores, e use uma palavra-passe de fundos que não use em mais lado nenhum. Tudo o que for feito com as suas credenciais considera-se feito por si. Avise-nos de imediato em {{support_email}} se achar que a sua conta está em risco. Cinco palavras-passe de fundos erradas bloqueiam os levantamentos durante 24 horas.

## Carregamentos e custódia

Guardamos os USDT dos investidores nas redes ERC20, BEP20 e TRC20, em carteiras que controlamos, e registamos a parte de cada investidor no nosso livro-razão. Envie apenas USDT na rede do seu endereço de carregamento; um carregamento é creditado após as confirmações indicadas na aplicação, e um carregamento abaixo do mínimo é mostrado mas não creditado. O seu saldo é um crédito sobre nós por esse montante de USDT.

## Levantamentos

Um levantamento é pago para o endereço que guardou para a sua rede, menos a comissão de levantamento mostrada antes de confirmar, dentro do limite diário. O montante é congelado no pedido. A nossa equipa analisa os levantamentos acima de certo montante, e os maiores exigem duas aprovações. Podemos reter ou recusar um levantamento enquanto o verificamos quanto a fraude, branqueamento ou ordem legal; um levantamento recusado devolve o montante e a comissão ao seu saldo.

## Robôs e copy trading

Um robô negoceia o capital que lhe confia segundo as definições que escolhe. Cada execução paga comissões de negociação. Na liquidação, o lucro realizado é somado ao seu saldo menos a comissão de desempenho mostrada na aplicação; ao parar um robô, as posições são fechadas ao preço de mercado e o capital, mais ou menos o resultado, é-lhe devolvido. Se copiar um robô, paga também ao dono a participação indicada sobre o seu lucro realizado acima do seu máximo anterior. Podemos desativar um robô ou fechar um mercado por segurança.

## Aluguer de mineração

Um aluguer é pago antecipadamente por um número fixo de dias e rende cada dia o que a fórmula publicada dá, menos a eletricidade, nunca abaixo de zero. Termina no fim do prazo, salvo renovação.

## Comissões

As comissões aplicáveis são mostradas na aplicação antes de agir, e cada comissão paga aparece em Detalhes de fundos. Podemos alterar as comissões para o futuro e anunciá-lo-emos; uma alteração nunca se aplica a uma comissão já cobrada.

## Utilizações proibidas

Não pode usar a plataforma para branqueamento de capitais, financiamento do terrorismo, fraude ou evasão a sanções, com fundos que não sejam seus, através de acessos automatizados não autorizados, para atacar ou sondar os nossos sistemas, nem para manipular classificações, convites ou comissões.

## Suspensão e encerramento

Podemos congelar, limitar ou encerrar uma conta que viole estes termos, quando a lei o exija ou para o proteger a si ou a outros investidores, e indicaremos o motivo salvo se a lei o proibir. Pode encerrar a sua conta a qualquer momento depois de levantar o saldo.

## Limites da nossa responsabilidade

Respondemos pelas perdas causadas por culpa nossa nos termos da lei. Não respondemos por perdas de mercado, pelo resultado de um robô ou de um aluguer, pela atuação das redes blockchain ou dos emissores de stablecoins, nem por acontecimentos fora do nosso controlo razoável. Nada nestes termos limita uma responsabilidade que a lei não permita limitar.

## Alterações a estes termos

Podemos alterar estes termos. Publicaremos aqui a nova versão com a sua data de entrada em vigor e avisá-lo-emos na aplicação antes de uma alteração importante se aplicar. Se não concordar, pode encerrar a sua conta.

## Lei aplicável

Estes termos regem-se por {{governing_law}}. Os litígios cabem aos tribunais designados por essa lei, sem prejuízo do seu direito, enquanto consumidor, de recorrer aos tribunais do seu local de residência.

## Contacto

{{company_name}}, {{registered_address}}. E-mail: {{support_email}}.
`,
  },
};
