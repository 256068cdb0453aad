// Las páginas legales en español, sección por sección como la plantilla inglesa.
import type { LegalTexts } from './fields.ts';

export const es: LegalTexts = {
  fields: {
    company_name: 'nombre de la empresa',
    registered_address: 'domicilio social',
    company_number: 'número de registro mercantil',
    support_email: 'correo de soporte',
    governing_law: 'ley aplicable',
    effective_date: 'fecha de entrada en vigor',
  },
  about: {
    title: 'Sobre nosotros',
    body: `## Quiénes somos

Esta plataforma la opera {{company_name}}, inscrita con el número {{company_number}} y con domicilio social en {{registered_address}}. En estas páginas, «nosotros» significa {{company_name}} y «usted» la persona titular de una cuenta.

## Qué ofrecemos

- **Robots de trading en cuadrícula** sobre BTC, ETH, BNB, SOL y TRX contra USDT. Un robot coloca órdenes de compra y venta en niveles de precio fijos y gana, o pierde, con las operaciones que realmente ejecuta.
- **Copy trading**: puede copiar un robot que otro inversor haya hecho público, con su propio capital, y pagar a su dueño la participación en beneficios que se muestra antes de copiar.
- **Alquiler de minería**: alquila potencia de cálculo durante un número fijo de días y recibe lo que da la fórmula pública de minería con la dificultad de la red y el precio de BTC de cada día, menos la electricidad.
- **Una billetera USDT** en las redes ERC20, BEP20 y TRC20, para depósitos y retiros.

## Cómo informamos de los resultados

Cada cifra que ve procede de un mecanismo real: las operaciones de una estrategia a precios de mercado, la fórmula pública de potencia de cálculo o comisiones realmente cobradas. Cada saldo es la suma de los movimientos que figuran en Detalle de fondos. Una pérdida se muestra como pérdida. Las cifras esperadas, los backtests y las previsiones son estimaciones y se indican como tales.

## Prueba de reservas

Cada día publicamos una prueba de reservas: un resumen criptográfico de lo que debemos a todos los inversores, con el que puede comprobar que su propio saldo está incluido, comparado con los USDT que custodiamos.

## Contacto

Escriba a {{support_email}} o use Contacto en la aplicación. Las cartas pueden enviarse a {{company_name}}, {{registered_address}}.
`,
  },
  disclaimer: {
    title: 'Aviso legal',
    body: `*Fecha de entrada en vigor: {{effective_date}}*

## Sin asesoramiento de inversión

Nada en esta plataforma es asesoramiento de inversión, financiero, jurídico o fiscal, ni una oferta de compra o venta de ningún activo. Decida por sí mismo y busque asesoramiento independiente si tiene dudas.

## Riesgos de los robots de trading

Los precios de los activos digitales son volátiles. Un robot en cuadrícula gana cuando el precio sube y baja dentro de su rango; en una tendencia fuerte mantiene activos que pierden valor, o deja de ganar, y puede perder parte o la totalidad del capital que le asigna. Las salidas de stop-loss y take-profit se ejecutan al precio de mercado, que puede ser peor que el nivel fijado. Los backtests y los rendimientos esperados se calculan con datos pasados y no son promesas. Cada ejecución paga comisiones de trading, y al liquidar se descuenta una comisión de rendimiento del beneficio realizado. Un robot que copia puede perder dinero como cualquier otro, y la participación que paga a su dueño se descuenta de su beneficio realizado.

## Riesgos del alquiler de minería

Las ganancias de minería siguen la fórmula pública con la dificultad de la red, la recompensa por bloque y el precio de BTC de cada día. La dificultad suele subir y el precio de BTC puede bajar, así que un alquiler puede rendir menos de lo que costó, y un plazo más corto que su punto de equilibrio probablemente pierda dinero. Un alquiler dura el plazo fijo pagado por adelantado; no se puede cancelar ni reembolsar a mitad de camino.

## Riesgos de la stablecoin y de las redes

Los saldos se llevan en USDT, una stablecoin emitida por un tercero, que puede perder su paridad o ser congelada por su emisor. Las redes blockchain pueden congestionarse, dividirse o detenerse, y una transferencia enviada a una dirección o red equivocada no se puede revertir.

## Resultados pasados

Los resultados pasados, historiales, clasificaciones y rankings no garantizan resultados futuros. Los inversores y robots de demostración están marcados como tales y no son cuentas reales.

## Disponibilidad

Podemos suspender depósitos, retiros, robots o alquileres por mantenimiento o por motivos de seguridad o legales. Hacemos lo posible por mantener el servicio, pero no prometemos que esté siempre disponible o libre de errores.

## Su responsabilidad

Usted decide si estos productos le convienen, responde de los impuestos que le correspondan y usa la plataforma solo donde la ley lo permita.
`,
  },
  privacy: {
    title: 'Política de privacidad',
    body: `*Fecha de entrada en vigor: {{effective_date}}*

## Responsable

{{company_name}} ({{registered_address}}, número de registro {{company_number}}) es responsable de los datos personales descritos aquí. Preguntas y solicitudes: {{support_email}}.

## Qué recogemos

- **Cuenta**: su correo electrónico o teléfono, nombre de usuario, apodo, avatar, código de referido y patrocinador, contraseña y contraseña de fondos (guardadas solo como hashes irreversibles) y su configuración de doble factor.
- **Accesos y seguridad**: la hora, la dirección IP y el dispositivo de los inicios de sesión y de los cambios de seguridad, los intentos fallidos y los bloqueos.
- **Dinero**: direcciones de depósito y retiro, transacciones en la cadena y cada movimiento de sus saldos, robots, alquileres, comisiones y comisiones de equipo.
- **Soporte**: los mensajes que nos envía.

## Para qué los usamos

Para abrir y proteger su cuenta, hacer funcionar sus robots y alquileres, abonar depósitos y enviar retiros, pagar comisiones de equipo, prevenir el fraude y el blanqueo de capitales, responderle y cumplir nuestras obligaciones legales. No vendemos sus datos ni los usamos para publicidad.

## Quién los recibe

Las redes blockchain (las direcciones y transacciones en la cadena son públicas por naturaleza), los proveedores que alojan nuestros servidores o envían nuestros correos y SMS, y las autoridades cuando la ley lo exige. Cada proveedor recibe solo lo que su tarea necesita. Su patrocinador ve su cuenta enmascarada y las cifras de su equipo, nunca su identidad completa.

## Prueba de reservas

La prueba de reservas publicada no contiene nombres, correos ni saldos exactos: cada saldo se divide en varias partes ocultas, de modo que nadie puede leer en ella lo que usted tiene.

## Cuánto tiempo los conservamos

- Sus datos de cuenta: mientras su cuenta esté abierta y, después, el tiempo que exija la ley.
- Los registros de acceso y seguridad: el tiempo necesario para proteger las cuentas e investigar incidentes.
- Movimientos, depósitos, retiros y comisiones: el plazo que exige la ley sobre registros financieros y contables, incluso después de cerrar su cuenta. Un movimiento nunca se modifica ni se borra; una corrección es un movimiento nuevo.

## Sus derechos

Puede pedir acceso a los datos que tenemos sobre usted, la rectificación de los incorrectos, su supresión cuando la ley lo permita, una copia de sus datos, y oponerse a un uso o limitarlo. Los registros que la ley nos obliga a conservar no pueden borrarse antes de que termine su plazo. Escriba a {{support_email}}; respondemos en el plazo legal. También puede reclamar ante la autoridad de protección de datos de su lugar de residencia.

## Seguridad

Las contraseñas se guardan como hashes irreversibles, las conexiones van cifradas, nuestro personal revisa los retiros por encima de ciertos importes y las acciones del personal en la consola quedan en un registro de auditoría.

## Cambios

Publicaremos aquí cualquier cambio de esta política con una nueva fecha de entrada en vigor y le avisaremos en la aplicación de los cambios importantes.
`,
  },
  terms: {
    title: 'Términos del servicio',
    body: `*Fecha de entrada en vigor: {{effective_date}}*

## Acuerdo

Estos términos son un acuerdo entre usted y {{company_name}}, número de registro {{company_number}}, {{registered_address}}. Al abrir una cuenta o usar la plataforma los acepta, junto con el Aviso legal y la Política de privacidad.

## Requisitos

Debe ser mayor de edad y tener plena capacidad legal, y no puede usar la plataforma donde la ley de su país lo prohíba o donde no la ofrezcamos. Abre una sola cuenta, para usted mismo, con datos verdaderos.

## Su cuenta y su seguridad

Mantenga en secreto su contraseña, su contraseña de fondos y su dispositivo de doble factor, y use una contraseña de fondos que no use en ningún otro sitio. Todo lo que se haga con sus credenciales se considera hecho por usted. Avísenos de inmediato en {{support_email}} si cree que su cuenta está en riesgo. Cinco contraseñas de fondos erróneas bloquean los retiros durante 24 horas.

## Depósitos y custodia

Custodiamos los USDT de los inversores en las redes ERC20, BEP20 y TRC20, en billeteras que controlamos, y registramos la parte de cada inversor en nuestro libro mayor. Envíe solo USDT en la red de su dirección de depósito; un depósito se abona tras las confirmaciones indicadas en la aplicación, y un depósito inferior al mínimo se muestra pero no se abona. Su saldo es un derecho frente a nosotros por esa cantidad de USDT.

## Retiros

Un retiro se paga a la dirección que guardó para su red, menos la comisión de retiro mostrada antes de confirmar, dentro del límite diario. El importe se congela al solicitarlo. Nuestro personal revisa los retiros por encima de cierto importe, y los mayores necesitan dos aprobaciones. Podemos retener o rechazar un retiro mientras lo revisamos por fraude, blanqueo o una orden legal; un retiro rechazado devuelve el importe y la comisión a su saldo.

## Robots y copy trading

Un robot opera con el capital que le asigna según los ajustes que elige. Cada ejecución paga comisiones de trading. Al liquidar, el beneficio realizado se suma a su saldo menos la comisión de rendimiento que muestra la aplicación; al detener un robot, sus posiciones se cierran a precio de mercado y se le devuelve el capital más o menos su resultado. Si copia un robot, paga además a su dueño la participación mostrada sobre su beneficio realizado por encima de su máximo anterior. Podemos desactivar un robot o cerrar un mercado por seguridad.

## Alquiler de minería

Un alquiler se paga por adelantado por un número fijo de días y cada día rinde lo que da la fórmula publicada, menos la electricidad, nunca menos de cero. Termina al final de su plazo salvo que lo renueve.

## Comisiones

Las comisiones aplicables se muestran en la aplicación antes de que actúe, y cada comisión pagada aparece en Detalle de fondos. Podemos cambiar las comisiones para el futuro y lo anunciaremos; un cambio nunca se aplica a una comisión ya cobrada.

## Usos prohibidos

No puede usar la plataforma para blanqueo de capitales, financiación del terrorismo, fraude o evasión de sanciones, con fondos que no sean suyos, mediante accesos automatizados no permitidos, para atacar o sondear nuestros sistemas, ni para manipular clasificaciones, referidos o comisiones.

## Suspensión y cierre

Podemos congelar, limitar o cerrar una cuenta que incumpla estos términos, cuando la ley lo exija o para protegerle a usted o a otros inversores, y le diremos el motivo salvo que la ley lo prohíba. Puede cerrar su cuenta en cualquier momento después de retirar su saldo.

## Límites de nuestra responsabilidad

Respondemos de las pérdidas causadas por nuestra propia culpa según establece la ley. No respondemos de las pérdidas del mercado, del resultado de un robot o de un alquiler, de la actuación de las redes blockchain o de los emisores de stablecoins, ni de hechos fuera de nuestro control razonable. Nada en estos términos limita una responsabilidad que la ley no permita limitar.

## Cambios de estos términos

Podemos cambiar estos términos. Publicaremos aquí la nueva versión con su fecha de entrada en vigor y le avisaremos en la aplicación antes de que se aplique un cambio importante. Si no está de acuerdo, puede cerrar su cuenta.

## Ley aplicable

Estos términos se rigen por {{governing_law}}. Las controversias corresponden a los tribunales que designe esa ley, sin perjuicio de su derecho como consumidor a acudir a los tribunales de su domicilio.

## Contacto

{{company_name}}, {{registered_address}}. Correo: {{support_email}}.
`,
  },
};
