import { defineMessages } from './define';

/** Messages of the link screen and the link layer (src/link), loaded with the link screen (src/ui/i18n lazyBlocks). */
export const linkScreen = defineMessages({
  en: {
    'link.title': 'Link devices',
    'link.intro':
      'Phones and tablets at one table, with no server and no Internet: one device writes the game, the others follow it and send it their requests. Codes go from screen to screen as QR codes, or copied and pasted.',
    'link.name': 'This device’s name',
    'link.share': 'Share this game (this device writes it)',
    'link.add': 'Add a device',
    'link.offerHelp': 'On the other device, open “Link devices”, choose “Join”, and scan this code or paste it.',
    'link.answerHere': 'The other device’s answer code',
    'link.accept': 'Link',
    'link.join': 'Join a game from another device',
    'link.offerHere': 'The code shown on the device that writes the game',
    'link.answer': 'Answer',
    'link.answerHelp': 'Show this code to the device that writes the game (scan it there, or paste it).',
    'link.scan': 'Scan with the camera',
    'link.scanStop': 'Stop scanning',
    'link.scanNone': 'No camera on this device: paste the code instead.',
    'link.copy': 'Copy the code',
    'link.copied': 'Code copied.',
    'link.qrAlt': 'QR code of the code below',
    'link.working': 'Preparing the code…',
    'link.waiting': 'Waiting for the other device…',
    'link.badCode': 'This is not a link code: {reason}.',
    'link.reason.not-a-code': 'it does not start with WC1',
    'link.reason.wrong-kind': 'it is the wrong code (an offer where an answer is asked, or the other way round)',
    'link.reason.damaged': 'it is incomplete or damaged',
    'link.failed': 'The link could not be made: {detail}',
    'link.noGame': 'Open a game on this device first to share it, or join one written by another device.',
    'link.roleWriter': 'This device writes the game',
    'link.roleReplica': 'This device follows the game written by another',
    'link.devices': 'Linked devices',
    'link.none': 'No device linked yet.',
    'link.connected': '{name}: linked',
    'link.lost': '{name}: link lost',
    'link.writer': '(writes the game)',
    'link.view': 'This device shows',
    'link.view.display': 'The shared display (for all)',
    'link.view.player': 'The {side} player’s hand',
    'link.view.writer': 'Everything (the writer)',
    'link.toGame': 'Go to the game',
    'link.takeOver': 'Take over as the writer',
    'link.takeOverHelp':
      'The device that wrote the game is gone. This device holds every step: it can write the game from here, and the others can link to it.',
    'link.leave': 'Unlink this device',
    'link.writerLost':
      'The link to {name}, which writes the game, is lost: nothing was sent. Relink, or take over as the writer.',
    'link.conflict':
      'The two copies of this game differ from step {n}: the steps were refused, nothing was merged or overwritten.',
    'link.hand': '{side}: {n, plural, =0 {no chit} one {# chit} other {# chits}} in hand',
    'link.display.turn': 'Turn {n}',
    'link.display.none': 'No step yet.',
    'link.settingsOnWriter': 'This game’s settings are changed on the device that writes it.',
    'link.writerElsewhere':
      'The device that writes this game has another game open: nothing was done. Open this game there.',
    'link.seed.title': 'The seed both players make, on their phones',
    'link.seed.intro':
      'Before the first step, each player’s phone can give a secret for the seed of the dice. Each phone sends only its commitment; when every commitment is in, the phones reveal their secrets, this device checks each against its commitment, and a new game of this scenario starts from the hash of them all and this device’s own random value. It replaces this empty game on every linked device.',
    'link.seed.needPlayers':
      'To make the seed on the phones, link each player’s phone and choose its side there (“The … player’s hand”).',
    'link.seed.start': 'Ask the players’ phones for the seed',
    'link.seed.again': 'Start the seed again',
    'link.seed.cancel': 'Stop the ceremony',
    'link.seed.device': 'Commitment of the device that writes the game (its own random value)',
    'link.seed.waiting': '{name} ({side}): its commitment is awaited',
    'link.seed.committed': '{name} ({side}, {kind}): committed',
    'link.seed.revealed': '{name} ({side}, {kind}): revealed, it matches its commitment',
    'link.seed.phase.commit':
      'Waiting for {n, plural, one {# commitment} other {# commitments}}. No secret leaves a phone before every commitment is in.',
    'link.seed.phase.reveal':
      'Every commitment is in: the phones reveal their secrets, each checked against its commitment.',
    'link.seed.phase.made': 'The seed is made from every contribution: the game starts from it on every linked device.',
    'link.seed.phase.refused':
      'The secret revealed by {name} does not match its commitment: no seed was made, and the game is unchanged.',
    'link.seed.phase.cancelled': 'The ceremony was stopped: the game is unchanged.',
    'link.seed.asked':
      'The device that writes the game asks this phone for a secret for the seed of the dice. Only its commitment leaves this phone now; the secret follows once every phone has committed.',
    'link.seed.mine': 'This phone’s commitment',
    'link.seed.inGame': 'This phone’s contribution is in the seed of this game.',
    'link.holds':
      'This phone holds the whole game, the seed included, to check every step and to take over as the writer: the other side’s chits are hidden on its screen, not in its storage.',
  },
  es: {
    'link.title': 'Enlazar dispositivos',
    'link.intro':
      'Móviles y tabletas en una misma mesa, sin servidor y sin Internet: un dispositivo escribe la partida, los demás la siguen y le envían sus peticiones. Los códigos pasan de pantalla a pantalla como códigos QR, o copiados y pegados.',
    'link.name': 'Nombre de este dispositivo',
    'link.share': 'Compartir esta partida (este dispositivo la escribe)',
    'link.add': 'Añadir un dispositivo',
    'link.offerHelp':
      'En el otro dispositivo, abre «Enlazar dispositivos», elige «Unirse» y escanea este código o pégalo.',
    'link.answerHere': 'El código de respuesta del otro dispositivo',
    'link.accept': 'Enlazar',
    'link.join': 'Unirse a una partida de otro dispositivo',
    'link.offerHere': 'El código que muestra el dispositivo que escribe la partida',
    'link.answer': 'Responder',
    'link.answerHelp': 'Muestra este código al dispositivo que escribe la partida (escanéalo allí o pégalo).',
    'link.scan': 'Escanear con la cámara',
    'link.scanStop': 'Dejar de escanear',
    'link.scanNone': 'Este dispositivo no tiene cámara: pega el código.',
    'link.copy': 'Copiar el código',
    'link.copied': 'Código copiado.',
    'link.qrAlt': 'Código QR del código de abajo',
    'link.working': 'Preparando el código…',
    'link.waiting': 'Esperando al otro dispositivo…',
    'link.badCode': 'No es un código de enlace: {reason}.',
    'link.reason.not-a-code': 'no empieza por WC1',
    'link.reason.wrong-kind': 'es el código equivocado (una oferta donde se pide una respuesta, o al revés)',
    'link.reason.damaged': 'está incompleto o dañado',
    'link.failed': 'No se pudo enlazar: {detail}',
    'link.noGame':
      'Abre antes una partida en este dispositivo para compartirla, o únete a una que escribe otro dispositivo.',
    'link.roleWriter': 'Este dispositivo escribe la partida',
    'link.roleReplica': 'Este dispositivo sigue la partida que escribe otro',
    'link.devices': 'Dispositivos enlazados',
    'link.none': 'Aún no hay ningún dispositivo enlazado.',
    'link.connected': '{name}: enlazado',
    'link.lost': '{name}: enlace perdido',
    'link.writer': '(escribe la partida)',
    'link.view': 'Este dispositivo muestra',
    'link.view.display': 'La pantalla común (para todos)',
    'link.view.player': 'La mano del jugador {side}',
    'link.view.writer': 'Todo (el que escribe)',
    'link.toGame': 'Ir a la partida',
    'link.takeOver': 'Pasar a escribir la partida',
    'link.takeOverHelp':
      'El dispositivo que escribía la partida ya no está. Este tiene todos los pasos: puede escribir la partida desde aquí, y los demás pueden enlazarse con él.',
    'link.leave': 'Desenlazar este dispositivo',
    'link.writerLost':
      'Se perdió el enlace con {name}, que escribe la partida: no se envió nada. Vuelve a enlazar, o pasa a escribir la partida.',
    'link.conflict':
      'Las dos copias de esta partida difieren desde el paso {n}: se rechazaron los pasos, no se mezcló ni se sobrescribió nada.',
    'link.hand': '{side}: {n, plural, =0 {ninguna ficha} one {# ficha} other {# fichas}} en la mano',
    'link.display.turn': 'Turno {n}',
    'link.display.none': 'Aún no hay ningún paso.',
    'link.settingsOnWriter': 'Los ajustes de esta partida se cambian en el dispositivo que la escribe.',
    'link.writerElsewhere':
      'El dispositivo que escribe esta partida tiene otra partida abierta: no se hizo nada. Abre allí esta partida.',
    'link.seed.title': 'La semilla que crean los jugadores, en sus móviles',
    'link.seed.intro':
      'Antes del primer paso, el móvil de cada jugador puede dar un secreto para la semilla de los dados. Cada móvil envía solo su compromiso; cuando están todos, los móviles revelan sus secretos, este dispositivo comprueba cada uno con su compromiso, y una partida nueva de este escenario empieza con el hash de todos ellos y del valor aleatorio de este dispositivo. Sustituye a esta partida vacía en todos los dispositivos enlazados.',
    'link.seed.needPlayers':
      'Para crear la semilla en los móviles, enlaza el móvil de cada jugador y elige allí su bando («La mano del jugador …»).',
    'link.seed.start': 'Pedir la semilla a los móviles de los jugadores',
    'link.seed.again': 'Volver a empezar la semilla',
    'link.seed.cancel': 'Detener la ceremonia',
    'link.seed.device': 'Compromiso del dispositivo que escribe la partida (su propio valor aleatorio)',
    'link.seed.waiting': '{name} ({side}): falta su compromiso',
    'link.seed.committed': '{name} ({side}, {kind}): comprometido',
    'link.seed.revealed': '{name} ({side}, {kind}): revelado, coincide con su compromiso',
    'link.seed.phase.commit':
      'Faltan {n, plural, one {# compromiso} other {# compromisos}}. Ningún secreto sale de un móvil antes de tener todos los compromisos.',
    'link.seed.phase.reveal':
      'Están todos los compromisos: los móviles revelan sus secretos y cada uno se comprueba con su compromiso.',
    'link.seed.phase.made':
      'La semilla se ha creado con todas las contribuciones: la partida empieza con ella en todos los dispositivos enlazados.',
    'link.seed.phase.refused':
      'El secreto revelado por {name} no coincide con su compromiso: no se ha creado ninguna semilla y la partida no cambia.',
    'link.seed.phase.cancelled': 'La ceremonia se ha detenido: la partida no cambia.',
    'link.seed.asked':
      'El dispositivo que escribe la partida pide a este móvil un secreto para la semilla de los dados. Ahora solo sale de este móvil su compromiso; el secreto sigue cuando todos los móviles se han comprometido.',
    'link.seed.mine': 'Compromiso de este móvil',
    'link.seed.inGame': 'La contribución de este móvil está en la semilla de esta partida.',
    'link.holds':
      'Este móvil guarda la partida entera, semilla incluida, para comprobar cada paso y poder tomar el relevo como el que escribe: las fichas del otro bando se ocultan en su pantalla, no en su almacenamiento.',
  },
});
