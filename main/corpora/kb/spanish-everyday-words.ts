/**
 * Everyday and workplace Spanish (Spain and Latin America, as receptionists, nurses, healthcare assistants and
 * practice managers say it) and the English a UK GP practice's own policy documents use for it: people and roles,
 * the building, the office and its computers, post and deliveries, keys and alarms, money, travel, time, attendance
 * and absence, training and meetings, complaints, and the common verbs, adjectives, question words and constructions
 * of a colloquial question ("¿hasta qué hora...?", "acaba de llegar", "hay que", "ponerse malo"). It complements the
 * clinical glossary of `spanish-clinical-words.ts` and follows its conventions: keys are folded (no accents, "ñ" → "n")
 * dictionary forms (singular, masculine, infinitive without "-se"), phrase words are dictionary forms too, and an
 * empty value drops a word with no retrieval signal ("oye", "vale"). No key repeats one of the clinical glossary.
 * Our own list, written from general knowledge of Spanish, not from any evaluation set.
 *
 * Left out on purpose, because an everyday sense would wreck a clinical question or the other way round (some are
 * phrases below instead): "tarde" (late / afternoon), "baja" (low / sick leave), "devolver" (return / vomit), "toma"
 * (dose / take), "marca" (brand / reads), "parte" (part / report), "cuadro" (picture / clinical picture / fuse box),
 * "centro" (the practice / the centre of the chest), "cuarto" (room / fourth / quarter), "paso" (step / "se me pasó",
 * I forgot), "punto" (point / stitches), "bulto" (parcel / lump), "sobre" (about / envelope: phrases), "como" (how /
 * like / I eat), "cuenta" (account / bill / "darse cuenta"), "coger" (take / catch a cold, vulgar in the Americas),
 * "tocar" (touch / be due), "tardar" (take long: the clinical glossary keeps it a phrase), "pegar" (hit / stick /
 * paste), "colgar" (hang up / hang / upload), "contar" (count / tell), "marcar" (dial / mark), "suelo" (floor / I
 * usually: phrases), "pasado" (last / passed), "pase" (pass / come in), "servicio" and "sanitario" (service, health /
 * toilet), "efectivo" (cash / effective), "puente" (long weekend / dental bridge), "cargo" (post / charge), "mando"
 * (remote / command), "personal" (staff / personal: phrases), "pedido" (order / asked for: phrases), "plaza" (space /
 * square / vacancy: phrases), "fue" and "fueron" (ser or ir), "nada", "nadie" and "no" (negation), "valer" (cost / OK /
 * a value: "¿cuánto vale el INR objetivo?"), "fuera" (outside / "si fuera"), "junta" (meeting / "juntas", together),
 * "corto" (short / "lo corto", I cut the tablet), "par" (pair / "no pares"), "geriátrico" (care home / geriatric), "local" (premises / local),
 * "casco" (headset / helmet), "envío" ("envía" would read as a delivery), "dólar" (the suffix rules took "duele" to
 * it), "marchar", "conocer", "conseguir" (no signal, or "leave" would pull the leave policies). "cuántos" and
 * "cuántas" are phrases only: the glossary's plural rule folds them onto "cuanto", a question filler there. "rota" is
 * broken, and the English "rota" Spanish-speaking staff in a UK practice borrow; "cartera" (wallet) and "libra"
 * (pound) are here so "cartero" and "libro" do not claim them.
 */
export const everydayWords: Readonly<Record<string, string>> = {
  // Fillers, greetings and hedges: no retrieval signal ("bueno", "hola", "gracias" are in the clinical glossary)
  oye: '', oiga: '', vale: '', mira: '', chico: '', muchacho: '', chaval: '', senorita: '', don: '', dona: '',
  saludo: '', perdon: '', disculpa: '', disculpar: '', perdonar: '', porfa: '', porfi: '', che: '', duda: '',
  adelante: '', tema: '', asunto: '', pensar: '', parecer: '', gustar: '', importar: '', ahorita: 'now',

  // Question words and connectors ("cuánto" is a filler there; "qué" and "cómo" are phrases; "si" is "if" or "whether")
  quien: 'who', quienes: 'who', cuando: 'when', donde: 'where', adonde: 'where', cual: 'which', cuales: 'which',
  porque: 'because', si: 'if', segun: 'according to', excepto: 'except', salvo: 'except',
  cualquier: 'any', cualquiera: 'anyone any', ambos: 'both', intentar: 'try',

  // People and roles ("jefe", "encargado", "responsable", "coordinador", "auxiliar" are in the clinical glossary)
  companero: 'colleague', colega: 'colleague', compa: 'colleague', gerente: 'practice manager manager',
  gerencia: 'management', director: 'director manager', directora: 'director manager', administrador: 'administrator',
  administradora: 'administrator', gestor: 'manager', gestora: 'manager', socio: 'partner',
  empleado: 'employee staff member', trabajador: 'staff member worker', trabajadora: 'staff member worker',
  plantilla: 'staff establishment template', secretario: 'secretary', conserje: 'caretaker', portero: 'caretaker',
  vigilante: 'security guard', mantenimiento: 'maintenance', fontanero: 'plumber', electricista: 'electrician',
  cerrajero: 'locksmith', informatico: 'IT', transportista: 'courier delivery driver', cartero: 'postman',
  comercial: 'sales rep', representante: 'representative rep', visitador: 'drug rep', cliente: 'client',
  usuario: 'user', visitante: 'visitor', invitado: 'guest visitor', voluntario: 'volunteer voluntary',
  estudiante: 'student', alumno: 'student', becario: 'trainee', residente: 'registrar trainee', mir: 'GP registrar',
  fisioterapeuta: 'physiotherapist', fisio: 'physiotherapist', psicologo: 'psychologist', dietista: 'dietitian',
  nutricionista: 'dietitian', logopeda: 'speech therapist', policia: 'police', bombero: 'fire brigade firefighter',
  interprete: 'interpreter', traductor: 'interpreter translator', acompanante: 'chaperone companion',
  vecino: 'neighbour', pareja: 'partner', novio: 'partner', amigo: 'friend', gente: 'people', persona: 'person',
  joven: 'young person', sindicato: 'union', delegado: 'representative', mentor: 'mentor', formador: 'trainer',
  formadora: 'trainer', sustituto: 'cover locum',

  // The building and the town ("sala", "recepción", "pasillo", "ascensor", "escalera", "aparcamiento", "baño" are in
  // the clinical glossary; "planta" and "piso" are its phrases)
  edificio: 'building', oficina: 'office', despacho: 'office', cocina: 'kitchen', comedor: 'staff room canteen',
  vestuario: 'changing room', taquilla: 'locker', aseo: 'toilet', lavabo: 'sink toilet', fregadero: 'sink',
  ventana: 'window', pared: 'wall', techo: 'ceiling', tejado: 'roof', rampa: 'ramp', escalon: 'step', porton: 'gate',
  verja: 'gate', valla: 'fence', patio: 'yard', jardin: 'garden', calle: 'street', acera: 'pavement',
  esquina: 'corner', barrio: 'area', zona: 'area', pueblo: 'village town', ciudad: 'town city',
  ayuntamiento: 'council', casa: 'home house', hogar: 'home', residencia: 'care home', hospital: 'hospital',
  sede: 'main site', instalacion: 'premises facilities', habitacion: 'room', garaje: 'garage', trastero: 'storeroom',
  archivo: 'file records room', cambiador: 'baby changing', ventanilla: 'counter desk', cola: 'queue',
  fila: 'queue row', cerradura: 'lock', candado: 'padlock', timbre: 'doorbell', interfono: 'intercom',
  telefonillo: 'intercom', llavero: 'key fob', camara: 'camera CCTV', cctv: 'CCTV', luz: 'light electricity',
  electricidad: 'electricity', calefaccion: 'heating', ventilador: 'fan', radiador: 'radiator', interruptor: 'switch',
  bombilla: 'bulb', enchufar: 'plug in', fuga: 'leak', gotera: 'leak', inundacion: 'flood', humedad: 'damp humidity',
  moho: 'mould', plaga: 'pests', rata: 'rats', cucaracha: 'cockroach', microondas: 'microwave',
  cafetera: 'coffee machine', maquina: 'machine', frigo: 'fridge',

  // Fire, security and incidents ("incendio", "extintor", "alarma", "salida", "llave" are in the clinical glossary)
  humo: 'smoke', fuego: 'fire', detector: 'detector', rociador: 'sprinkler', manta: 'blanket', evacuar: 'evacuate',
  simulacro: 'drill', robo: 'theft', robar: 'steal theft', ladron: 'thief', intruso: 'intruder',
  sospechoso: 'suspicious', amenaza: 'threat', amenazar: 'threaten', gritar: 'shout', grito: 'shouting',
  insulto: 'verbal abuse', insultar: 'verbal abuse', agredir: 'assault', agresivo: 'aggressive', violento: 'violent',
  violencia: 'violence', acoso: 'harassment bullying', acosar: 'harass bully', discriminacion: 'discrimination',
  igualdad: 'equality', accidente: 'accident', resbalar: 'slip', mojado: 'wet', charco: 'puddle spill',
  nieve: 'snow', hielo: 'ice', lluvia: 'rain', tormenta: 'storm', huelga: 'strike',
  pandemia: 'pandemic', aislamiento: 'isolation', aislar: 'isolate',

  // Cleaning and waste ("limpiar", "fregar", "basura", "residuo", "lejía" are in the clinical glossary)
  fregona: 'mop', escoba: 'broom', cubo: 'bucket', papelera: 'waste bin', jabon: 'soap', toalla: 'towel',
  reciclar: 'recycle', reciclaje: 'recycling', vaciar: 'empty', tapa: 'lid', tapar: 'cover', capuchon: 'cap',
  reencapuchar: 'resheath recap', uniforme: 'uniform', ropa: 'clothing', zapato: 'shoes', joya: 'jewellery',
  trituradora: 'shredder', destructora: 'shredder', destruir: 'destroy shred', papeleria: 'stationery',
  modelo: 'model',

  // The office ("agenda", "calendario", "lista", "caja", "bolsa", "etiqueta" are in the clinical glossary)
  mesa: 'desk table', escritorio: 'desk', silla: 'chair', cajon: 'drawer', estanteria: 'shelf', estante: 'shelf',
  balda: 'shelf', archivador: 'filing cabinet', papel: 'paper', folio: 'sheet of paper', hoja: 'sheet', boli: 'pen',
  boligrafo: 'pen', lapiz: 'pencil', rotulador: 'marker pen', grapadora: 'stapler', tijera: 'scissors',
  celo: 'sellotape', cinta: 'tape', sello: 'stamp', carpeta: 'folder', cartel: 'poster notice', tablon: 'noticeboard',
  pizarra: 'whiteboard', libreta: 'notebook', cuaderno: 'notebook', libro: 'book', ficha: 'record card',
  impresora: 'printer', fotocopiadora: 'photocopier', fotocopia: 'photocopy', fotocopiar: 'photocopy',
  imprimir: 'print', escanear: 'scan', archivar: 'file', franqueadora: 'franking machine', foto: 'photo',
  fotografia: 'photograph', grabar: 'record', grabacion: 'recording',

  // Computers and the phone ("teléfono", "móvil", "correo", "mensaje", "centralita", "aplicación" are in the clinical
  // glossary; "red" is the network here, as it is in Spanish)
  ordenador: 'computer', computadora: 'computer', computador: 'computer', compu: 'computer', portatil: 'laptop',
  pantalla: 'screen', monitor: 'monitor screen', teclado: 'keyboard', raton: 'mouse', auricular: 'headset',
  microfono: 'microphone', cable: 'cable', wifi: 'wifi', internet: 'internet', red: 'network', conexion: 'connection',
  sistema: 'system', programa: 'programme software', contrasena: 'password', clave: 'password PIN', codigo: 'code',
  sesion: 'session', perfil: 'profile', fichero: 'file', adjunto: 'attachment', enlace: 'link', virus: 'virus',
  web: 'website', pagina: 'page', plataforma: 'platform', servidor: 'server', nube: 'cloud', pendrive: 'USB stick',
  usb: 'USB', videollamada: 'video call', soporte: 'support', averia: 'fault', averiado: 'out of order broken',
  encender: 'switch on', conectar: 'connect', desconectar: 'disconnect', instalar: 'install', actualizar: 'update',
  actualizacion: 'update', descargar: 'download', borrar: 'delete', eliminar: 'delete remove', copiar: 'copy',
  compartir: 'share', acceder: 'log in access', entrar: 'go in enter', adjuntar: 'attach', reenviar: 'forward',
  clicar: 'click', teclear: 'type', desbloquear: 'unlock', activar: 'activate set', desactivar: 'deactivate disarm',
  contestar: 'answer reply', responder: 'respond reply', respuesta: 'reply response', extension: 'extension',
  linea: 'line', desviar: 'divert', desvio: 'divert', sonar: 'ring go off', pitar: 'beep', manejar: 'drive handle',

  // Documents and paperwork ("documento", "formulario", "informe", "registro", "firma", "copia" are in the clinical
  // glossary)
  politica: 'policy', norma: 'rule policy', normativa: 'regulations policy', reglamento: 'regulations', ley: 'law',
  guia: 'guidance guide', manual: 'manual handbook', acta: 'minutes', papeleo: 'paperwork',
  tramite: 'process paperwork', tramitar: 'process', carta: 'letter', nota: 'note', notificacion: 'notification',
  comunicado: 'notice announcement', circular: 'memo', contrato: 'contract', titulo: 'qualification',
  diploma: 'diploma', acreditacion: 'accreditation', colegiado: 'registered',
  colegiacion: 'professional registration', revalidacion: 'revalidation', version: 'version', borrador: 'draft',
  anexo: 'appendix', apartado: 'section', seccion: 'section', capitulo: 'chapter', evidencia: 'evidence',
  cuestionario: 'questionnaire', encuesta: 'survey', plan: 'plan', indicador: 'indicator',
  constancia: 'proof certificate', boleta: 'receipt', recibo: 'receipt', ticket: 'receipt', numero: 'number',
  cumplimentar: 'fill in complete', llenar: 'fill', completar: 'complete', escribir: 'write', sellar: 'stamp',
  inscribir: 'register sign up', inscripcion: 'registration',
  empadronamiento: 'proof of address', identificacion: 'ID badge identification', referencia: 'reference',
  confidencial: 'confidential', anonimo: 'anonymous', triaje: 'triage', autocertificacion: 'self-certification',
  autocertificado: 'self-certification', estupefaciente: 'controlled drug',

  // Post, parcels and deliveries ("entregar", "recoger", "proveedor", "mensajero", "repartidor" are in the clinical
  // glossary; "sobre" is only a phrase)
  paquete: 'parcel package', paqueteria: 'parcel delivery', entrega: 'delivery', reparto: 'delivery round',
  repartir: 'deliver share out', albaran: 'delivery note', buzon: 'letterbox postbox', mensajeria: 'courier',
  destinatario: 'addressee recipient', remitente: 'sender', franqueo: 'postage', correspondencia: 'post mail',
  postal: 'postal', suministro: 'supplies', mercancia: 'goods', stock: 'stock', danado: 'damaged',
  estropeado: 'damaged broken', estropear: 'break damage', precinto: 'seal', precintado: 'sealed',
  refrigerado: 'refrigerated', congelado: 'frozen', incompleto: 'incomplete', completo: 'complete full',
  recibir: 'receive', comprar: 'buy', compra: 'purchase', encargar: 'order', distribuir: 'distribute',
  almacenar: 'store', ordenar: 'tidy sort', furgoneta: 'van', camion: 'lorry',

  // Transport and the car ("coche", "carro", "conducir", "viaje", "transporte" are in the clinical glossary)
  autobus: 'bus', bus: 'bus', tren: 'train', metro: 'metre underground', bicicleta: 'bicycle', bici: 'bicycle',
  moto: 'motorbike', gasolina: 'petrol fuel', combustible: 'fuel', gasolinera: 'petrol station',
  kilometro: 'miles mileage', kilometraje: 'mileage', trafico: 'traffic', atasco: 'traffic jam', multa: 'fine',
  matricula: 'registration number', aparcar: 'park', estacionar: 'park', parquear: 'park',
  desplazamiento: 'travel journey', desplazar: 'travel', viajar: 'travel', ruta: 'route', mapa: 'map',
  direccion: 'address management', boleto: 'ticket', billete: 'ticket note',

  // Money ("pagar", "cobrar", "precio", "factura", "reembolso", "dinero", "plata" are in the clinical glossary)
  euro: 'euros', libra: 'pounds', moneda: 'coins', cheque: 'cheque', tarjeta: 'card', banco: 'bank',
  transferencia: 'bank transfer', nomina: 'payslip payroll', sueldo: 'pay salary', salario: 'salary', paga: 'pay',
  presupuesto: 'budget quote', iva: 'VAT', impuesto: 'tax', regalo: 'gift', obsequio: 'gift', regalar: 'gift',
  propina: 'tip', donacion: 'donation', donar: 'donate', soborno: 'bribe', deuda: 'debt', cartera: 'wallet',
  gastar: 'spend', prestar: 'lend',

  // Work, attendance and absence ("turno", "relevo", "cuadrante", "festivo", "vacación", "formación", "reunión" are in
  // the clinical glossary; "baja" and "permiso" are its phrases)
  trabajo: 'work', trabajar: 'work', curro: 'work', currar: 'work', chamba: 'work', chambear: 'work', laburo: 'work',
  laburar: 'work', empleo: 'job', jornada: 'working day hours', descanso: 'break rest', pausa: 'break',
  descansar: 'rest break', fichar: 'clock in', librar: 'day off', ausente: 'absent',
  absentismo: 'absence', ausentar: 'absent', asistencia: 'attendance', asistir: 'attend', presente: 'present',
  puntualidad: 'punctuality', impuntualidad: 'lateness', puntual: 'on time',
  retrasar: 'delay', atrasar: 'delay', atraso: 'delay', adelantar: 'bring forward', licencia: 'leave licence',
  excedencia: 'career break unpaid leave', maternidad: 'maternity', paternidad: 'paternity', jubilacion: 'retirement',
  jubilar: 'retire', despido: 'dismissal', despedir: 'dismiss', dimision: 'resignation', dimitir: 'resign',
  renunciar: 'resign', preaviso: 'notice period', contratar: 'recruit hire', contratacion: 'recruitment',
  vacante: 'vacancy', sancion: 'disciplinary action', sancionar: 'disciplinary', disciplinario: 'disciplinary',
  obligacion: 'duty', responsabilidad: 'responsibility', teletrabajo: 'working from home', flexible: 'flexible',
  bienestar: 'wellbeing', reincorporacion: 'return to work', reincorporar: 'return to work',
  incorporacion: 'start date joining', incorporar: 'start joining', sustituir: 'cover replace',
  relevar: 'relieve hand over', organizar: 'organise', programar: 'schedule', asignar: 'allocate',
  coordinar: 'coordinate', gestionar: 'manage deal with', gestion: 'management admin', discapacitado: 'disabled',
  discapacidad: 'disability', minusvalido: 'disabled', continuidad: 'continuity', prevencion: 'prevention',

  // Training, inductions and meetings
  curso: 'course training', cursillo: 'short course', taller: 'workshop', charla: 'talk', modulo: 'module',
  obligatorio: 'mandatory', opcional: 'optional', acogida: 'induction', induccion: 'induction',
  bienvenida: 'welcome induction', presencial: 'face to face', competencia: 'competency', habilidad: 'skill',
  aprender: 'learn', ensenar: 'show teach', practicar: 'practise', practica: 'placement practice', estudiar: 'study',
  desempeno: 'performance', aprobar: 'pass approve', participar: 'take part', convocatoria: 'notice',
  convocar: 'call a meeting', asistente: 'attendee assistant',

  // Complaints, requests and answers ("queja", "reclamación", "solicitud", "petición" are in the clinical glossary)
  quejar: 'complain', reclamar: 'complain claim', denuncia: 'report complaint', denunciar: 'report',
  sugerencia: 'suggestion', felicitacion: 'compliment', agradecimiento: 'thanks compliment', conflicto: 'conflict',
  investigar: 'investigate', investigacion: 'investigation', resolver: 'resolve', solucion: 'solution',
  solucionar: 'resolve fix', aceptar: 'accept', confirmar: 'confirm', comunicar: 'inform', advertir: 'warn',
  conceder: 'grant approve', denegar: 'refuse', autorizar: 'authorise', permitir: 'allowed',
  prohibir: 'prohibited not allowed', obligar: 'require', respetar: 'follow respect', maleducado: 'rude',
  grosero: 'rude', enfadado: 'angry', tranquilo: 'calm quiet', brecha: 'breach', evento: 'event',

  // Common verbs ("llamar", "avisar", "mandar", "enviar", "pedir", "cancelar", "reservar", "anotar", "apuntar",
  // "rellenar", "firmar", "revisar", "comprobar", "esperar", "cambiar" are in the clinical glossary; "salir" is
  // dropped: "go out" read "le sale sangre" as blood going out, "leave" would pull the leave policies; "llevar" is
  // dropped: "lleva semanas guardando pastillas" is how long, not "take", and "llevar la lista" is a phrase)
  venir: 'come', llegar: 'arrive', llegada: 'arrival', salir: '', volver: 'come back return',
  regresar: 'come back return', vuelta: 'return', llevar: '', traer: 'bring', meter: 'put in', sacar: 'take out',
  poner: 'put', faltar: 'missing', buscar: 'look for',
  encontrar: 'find', mirar: 'look check', oir: 'hear', caber: 'fit', soler: 'usually', visitar: 'visit',
  visita: 'visit', romper: 'break', roto: 'broken', arreglar: 'fix repair', reparar: 'repair',
  fallar: 'fail', mover: 'move', trasladar: 'move transfer', probar: 'try test', calcular: 'calculate',
  elegir: 'choose', corregir: 'correct', ofrecer: 'offer', traducir: 'translate', incluir: 'include',
  acompanar: 'accompany chaperone', cuidar: 'look after', ocupado: 'busy engaged', extraviar: 'lose',
  extraviado: 'lost', desaparecido: 'missing', encargo: 'order',

  // Adjectives ("lleno", "vacío", "nuevo", "abierto", "cerrado", "urgente", "privado", "gratis" are in the clinical
  // glossary)
  libre: 'free available', disponible: 'available', limpio: 'clean', sucio: 'dirty', pendiente: 'pending outstanding',
  correcto: 'correct', incorrecto: 'wrong', equivocado: 'wrong', error: 'error mistake', equivocacion: 'mistake',
  grande: 'large', pequeno: 'small', largo: 'long', lento: 'slow', rapido: 'quick fast', facil: 'easy',
  dificil: 'difficult', antiguo: 'old previous', actual: 'current', vigente: 'current in force', valido: 'valid',
  publico: 'public', interno: 'internal', externo: 'external', profesional: 'professional', laboral: 'work',
  oficial: 'official', clinico: 'clinical', normal: 'normal', habitual: 'usual', regular: 'regular',
  ocasional: 'occasional', entero: 'whole', total: 'total', unico: 'only single',

  // Place words
  cerca: 'near', lejos: 'far', dentro: 'inside', afuera: 'outside', encima: 'on top', debajo: 'under',
  detras: 'behind', delante: 'in front', enfrente: 'opposite', arriba: 'upstairs up', abajo: 'downstairs down',

  // Time ("día", "semana", "mes", "año", "hora", "fecha", "plazo", "mañana", "hoy" and the days of the week are in
  // the clinical glossary)
  enero: 'january', febrero: 'february', marzo: 'march', abril: 'april', mayo: 'may', junio: 'june', julio: 'july',
  agosto: 'august', septiembre: 'september', setiembre: 'september', octubre: 'october', noviembre: 'november',
  diciembre: 'december', invierno: 'winter', verano: 'summer', otono: 'autumn', primavera: 'spring',
  navidad: 'christmas', nochebuena: 'christmas eve', nochevieja: "new year's eve", pascua: 'easter',
  vispera: 'day before', finde: 'weekend', quincena: 'fortnight', semestre: 'six months',
  temporada: 'season', anteayer: 'day before yesterday', fin: 'end', final: 'end', principio: 'start',
  anual: 'annual yearly', quincenal: 'fortnightly', trimestral: 'quarterly', semestral: 'six-monthly',
  anticipacion: 'notice in advance',

  // Numbers and order ("uno" to "diez", "doce", "quince", "veinte", "treinta", "medio", "mitad" are in the clinical
  // glossary; "once" is eleven, "primer" the short "primero")
  cero: 'zero', once: 'eleven', trece: 'thirteen', catorce: 'fourteen', dieciseis: 'sixteen', diecisiete: 'seventeen',
  dieciocho: 'eighteen', diecinueve: 'nineteen', veinticuatro: 'twenty-four', cuarenta: 'forty', cincuenta: 'fifty',
  sesenta: 'sixty', setenta: 'seventy', ochenta: 'eighty', noventa: 'ninety', cien: 'hundred', ciento: 'hundred',
  mil: 'thousand', docena: 'dozen', primero: 'first', primer: 'first', segundo: 'second', tercero: 'third',
  tercer: 'third', quinto: 'fifth', mayoria: 'most', resto: 'rest remaining',
};

/**
 * Constructions of more than one word, in dictionary forms (each word of a question is lemmatised before it is
 * matched, and articles, possessives and clitics between the words are stepped over): question shapes, verbal
 * periphrases, and the expressions of a practice's working day. None repeats a phrase of the clinical glossary.
 */
export const everydayPhrases: ReadonlyArray<readonly [spanish: string, english: string]> = [
  // Question shapes ("cuánto tiempo", "cada cuánto", "hasta cuándo", "por qué", "qué hacer" are in the clinical
  // glossary; "¿cuánto cuesta?" is its "cuanto costar")
  ['a que hora', 'what time'], ['hasta que hora', 'until what time latest time'],
  ['desde que hora', 'from what time'], ['a partir de que hora', 'from what time'],
  ['antes de que hora', 'before what time'], ['que hora', 'what time'],
  ['de que hora a que hora', 'from what time until what time hours'], ['que horario', 'what hours'],
  ['que dia', 'what day'], ['hasta que dia', 'until what day deadline'], ['que fecha', 'what date'],
  ['para cuando', 'by when'], ['desde cuando', 'since when'], ['en que planta', 'which floor'],
  ['que piso', 'which floor'], ['cuantos dias', 'how many days'], ['cuantas horas', 'how many hours'],
  ['cuantas semanas', 'how many weeks'], ['cuantos meses', 'how many months'], ['cuantos anos', 'how many years'],
  ['cuantos minutos', 'how many minutes'], ['cuantas personas', 'how many people'],
  ['cuanta gente', 'how many people'], ['cuantos pacientes', 'how many patients'],
  ['cuantas citas', 'how many appointments'], ['cuantas cajas', 'how many boxes'],
  ['cuantas dosis', 'how many doses'], ['cuantas vacunas', 'how many vaccines'], ['cuantas llaves', 'how many keys'],
  ['cuantos turnos', 'how many shifts'], ['cuantos hay', 'how many are there'],
  ['cuantos quedar', 'how many are left'], ['cuantos faltar', 'how many are missing'],
  ['cuantos caber', 'how many fit'], ['cuanto pagar', 'how much to pay'],
  ['cuanto dinero', 'how much money'], ['cuanto rato', 'how long'],
  ['con cuanta antelacion', 'how much notice in advance'], ['con cuanto tiempo', 'how far in advance'],
  ['como se llama', 'what is the name'], ['de quien', 'whose'], ['con quien', 'with whom'],
  ['a quien tocar', 'whose turn who is due'], ['quien tocar', 'whose turn who is due'], ['nos tocar', 'our turn'],
  ['quien llevar', 'who handles who is responsible'], ['que tener que hacer', 'what to do'],
  ['que hay que hacer', 'what to do'], ['que haber que hacer', 'what to do'], ['en cuanto a', 'regarding'],
  ['en cuanto', 'as soon as'], ['en cuanto tiempo', 'how long'], ['en blanco', 'blank'], ['como minimo', 'at least minimum'], ['como maximo', 'at most maximum'],
  ['parche del desfibrilador', 'defibrillator pads'], ['parche de desfibrilador', 'defibrillator pads'], ['parche del dea', 'AED pads'],

  // Verbal periphrases ("dejar de tomar", "volver a tomar", "volver a citar" are in the clinical glossary)
  ['acabar de', 'just'], ['hay que', 'must'], ['haber que', 'must'], ['tener que', 'have to'], ['volver a', 'again'],
  ['dejar de', 'stop'], ['estar a punto de', 'about to'], ['seguir sin', 'still not'],
  ['hasta arriba', 'full to the top'], ['llevar a cabo', 'carry out'], ['llevar lista', 'keeps the list'],
  ['llevar registro', 'keeps the record'], ['poner en marcha', 'start set up'],
  ['tener derecho', 'entitled'], ['tener en cuenta', 'take into account'], ['dar cuenta', 'notice realise'],
  ['hacer cargo', 'take charge'], ['estar a cargo', 'in charge'], ['ocupar de', 'deal with'],
  ['echar vistazo', 'check'], ['echar ojo', 'check'], ['echar mano', 'help'], ['poner en contacto', 'contact'],
  ['dar toque', 'ring call'], ['llamar por telefono', 'phone'], ['coger telefono', 'answer the phone'],
  ['colgar telefono', 'hang up'], ['dar aviso', 'notify'], ['dar parte', 'report'],
  ['dar parte de baja', 'fit note sick note'], ['pedir disculpa', 'apologise apology'],
  ['pedir perdon', 'apologise apology'], ['dejar en', 'leave in'], ['dejar dicho', 'leave a message'],
  ['dejar nota', 'leave a note'], ['a ver', ''], ['es decir', ''], ['buenos dias', ''], ['buenas tardes', ''],
  ['buenas noches', ''], ['sin falta', 'without fail'],

  // Illness and absence ("estar de baja", "baja laboral", "parte de baja", "asuntos propios", "día libre" are in the
  // clinical glossary)
  ['poner malo', 'fall ill'], ['poner enfermo', 'fall ill'], ['estar malo', 'ill'], ['encontrar mal', 'feel unwell'],
  ['encontrar bien', 'feel well'], ['sentir mal', 'feel unwell'], ['faltar al trabajo', 'absent from work'],
  ['no venir a trabajar', 'absent from work'], ['no ir a trabajar', 'absent from work'],
  ['no poder venir', 'cannot come in absent'], ['venir a trabajar', 'come in to work'],
  ['volver al trabajo', 'return to work'], ['vuelta al trabajo', 'return to work'],
  ['volver de baja', 'return from sick leave'], ['entrevista de reincorporacion', 'return to work interview'],
  ['alta medica', 'fit to work'], ['parte de alta', 'fit note return to work'], ['parte de confirmacion', 'fit note'],
  ['baja de larga duracion', 'long-term sickness absence'], ['baja larga', 'long-term sickness absence'],
  ['larga duracion', 'long-term'], ['corta duracion', 'short-term'], ['dar de baja', 'deregister'],
  ['dar baja', 'deregister'], ['trabajo de parto', 'labour'], ['baja de paternidad', 'paternity leave'],
  ['baja por paternidad', 'paternity leave'], ['permiso de maternidad', 'maternity leave'],
  ['permiso por maternidad', 'maternity leave'], ['permiso de paternidad', 'paternity leave'],
  ['permiso por paternidad', 'paternity leave'], ['licencia por maternidad', 'maternity leave'],
  ['licencia de maternidad', 'maternity leave'],
  ['permiso por fallecimiento', 'compassionate leave bereavement leave'], ['permiso retribuido', 'paid leave'],
  ['permiso sin sueldo', 'unpaid leave'], ['sin sueldo', 'unpaid'], ['cita medica', 'medical appointment'],
  ['asuntos personales', 'personal leave'], ['salud laboral', 'occupational health'],
  ['medicina del trabajo', 'occupational health'], ['accidente laboral', 'accident at work'],
  ['accidente de trabajo', 'accident at work'], ['riesgo laboral', 'health and safety'],
  ['prevencion de riesgo', 'health and safety'],

  // Leave, shifts and hours ("turno de mañana", "cambio de turno", "de guardia", "médico de guardia" are in the
  // clinical glossary)
  // "coger" is no glossary word ("coger frío"; vulgar in the Americas), so "cojo", which the suffix rules cannot
  // reach, is spelled out
  ['coger vacaciones', 'take annual leave holiday'], ['cojo vacaciones', 'take annual leave holiday'],
  ['pedir vacaciones', 'request annual leave holiday'], ['tomar vacaciones', 'take annual leave holiday'],
  ['de vacaciones', 'on annual leave holiday'], ['dias de vacaciones', 'annual leave holiday days'],
  ['pedir dia', 'request a day off'], ['pedir dia libre', 'request a day off'], ['cambiar turno', 'swap shift'],
  ['intercambiar turno', 'swap shift'], ['cubrir turno', 'cover shift'], ['doblar turno', 'double shift'],
  ['medico de turno', 'duty doctor'], ['por turnos', 'on a rota'], ['planilla de turnos', 'rota'],
  ['calendario de turnos', 'rota'], ['rol de turnos', 'rota'], ['horario de turnos', 'rota'],
  ['hora extra', 'overtime'], ['horas extraordinarias', 'overtime'], ['compensar horas', 'time off in lieu'],
  ['horas compensatorias', 'time off in lieu'], ['recuperar horas', 'time off in lieu make up hours'],
  ['hora de salida', 'finishing time'],
  ['hora de entrada', 'start time'], ['hora de llegada', 'arrival time'], ['hora de cierre', 'closing time'],
  ['hora de apertura', 'opening time'], ['a tiempo completo', 'full time'], ['a tiempo parcial', 'part time'],
  ['media jornada', 'part time half day'], ['jornada completa', 'full time'], ['jornada partida', 'split shift'],
  ['jornada laboral', 'working hours'], ['horario laboral', 'working hours'], ['horario de trabajo', 'working hours'],
  ['horario flexible', 'flexible working'], ['jornada flexible', 'flexible working'],
  ['control horario', 'clocking in time recording'], ['registro horario', 'clocking in time recording'],
  ['registro de jornada', 'clocking in time recording'], ['trabajar desde casa', 'work from home'],
  ['desde casa', 'from home'], ['trabajar en solitario', 'lone working'], ['llegar tarde', 'arrive late'],
  ['llegar temprano', 'arrive early'], ['llegar a tiempo', 'arrive on time'], ['salir antes', 'leave early'],
  ['salir temprano', 'leave early'], ['salir tarde', 'finish late'], ['salir de trabajar', 'finish work'],
  ['salir del trabajo', 'leave work'], ['salir de casa', 'leave home'], ['entrar a trabajar', 'start work'],
  ['ultimo en salir', 'last to leave lock up'], ['primero en llegar', 'first to arrive open up'],
  ['periodo de prueba', 'probation period'],

  // Time ("el mismo día", "fin de semana", "a diario", "al día", "a la semana", "por la mañana" are in the clinical
  // glossary)
  ['mismo dia', 'same day'], ['hoy mismo', 'today same day'], ['manana mismo', 'tomorrow'],
  ['al dia siguiente', 'next day'], ['el otro dia', 'the other day'], ['pasado manana', 'day after tomorrow'],
  ['para manana', 'for tomorrow'], ['de hoy para manana', 'by tomorrow'],
  ['manana por la manana', 'tomorrow morning'], ['manana por la tarde', 'tomorrow afternoon'],
  ['esta manana', 'this morning'], ['esta tarde', 'this afternoon'], ['esta noche', 'tonight'],
  ['mas tarde', 'later'], ['de manana', 'in the morning'], ['de tarde', 'in the afternoon'], ['de noche', 'at night'],
  ['a ultima hora', 'end of the day last thing'], ['a primera hora', 'first thing'],
  ['al final del dia', 'end of the day'], ['media hora', 'half an hour'],
  ['cuarto de hora', 'quarter of an hour'], ['dia laborable', 'working day weekday'], ['dia habil', 'working day'],
  ['entre semana', 'weekdays'], ['esta semana', 'this week'], ['semana que viene', 'next week'],
  ['semana pasada', 'last week'], ['mes que viene', 'next month'], ['mes pasado', 'last month'],
  ['ano que viene', 'next year'], ['ano pasado', 'last year'], ['fin de mes', 'end of the month'],
  ['principio de mes', 'start of the month'], ['a principios de', 'at the start of'],
  ['a finales de', 'at the end of'], ['a mediados de', 'in the middle of'], ['semana santa', 'easter'],
  ['cada dos semanas', 'every two weeks fortnightly'], ['cada quince dias', 'every fortnight'],
  ['quince dias', 'fortnight'], ['una vez al mes', 'once a month'], ['una vez al ano', 'once a year annually'],
  ['al mes', 'a month'], ['al ano', 'a year annually'], ['por semana', 'per week'], ['por dia', 'per day'],
  ['por hora', 'per hour'], ['dentro de poco', 'soon'], ['de momento', 'for now'], ['a menudo', 'often'],
  ['por lo general', 'usually'], ['a tiempo', 'on time'], ['por adelantado', 'in advance'],
  ['de antemano', 'in advance'], ['por orden de llegada', 'first come first served'], ['a la vuelta', 'on return'],

  // Places and directions
  ['fuera de', 'outside'], ['al lado de', 'next to'], ['junto a', 'next to'], ['en vez de', 'instead of'],
  ['en lugar de', 'instead of'], ['a traves de', 'through'], ['en caso de', 'in case of'],
  ['de parte de', 'on behalf of'], ['en nombre de', 'on behalf of'], ['en persona', 'in person'],
  ['cara a cara', 'face to face'], ['en el suelo', 'on the floor'], ['al suelo', 'to the floor'],
  ['suelo mojado', 'wet floor'], ['nuestro centro', 'our practice'], ['centro medico', 'practice'],
  ['centro de atencion primaria', 'GP practice'], ['abrir centro', 'open up the practice'],
  ['cerrar centro', 'lock up the practice'], ['residencia de ancianos', 'care home'],
  ['residencia geriatrica', 'care home'], ['codigo postal', 'postcode'], ['silla de ruedas', 'wheelchair'],
  ['movilidad reducida', 'reduced mobility'], ['plaza de aparcamiento', 'parking space'],
  ['plaza de garaje', 'parking space'], ['tarjeta de aparcamiento', 'parking permit'],
  ['carnet de conducir', 'driving licence'], ['permiso de conducir', 'driving licence'],
  ['papel higienico', 'toilet roll'], ['aire acondicionado', 'air conditioning'], ['cuadro electrico', 'fuse box'],
  ['mal tiempo', 'bad weather'], ['cuarto de limpieza', 'cleaning cupboard'],

  // People ("trabajador social", "personal sanitario", "personal de limpieza" are in the clinical glossary)
  // ("el personal" is no phrase: it would take the word "personal" from "el personal sanitario")
  ['todo el personal', 'all staff'], ['miembro del personal', 'staff member'], ['personal nuevo', 'new staff'],
  ['personal administrativo', 'admin staff'], ['personal de recepcion', 'reception staff'],
  ['personal clinico', 'clinical staff'], ['personal no sanitario', 'non-clinical staff'],
  ['chico nuevo', 'new staff member'], ['director medico', 'medical director'],
  ['medico residente', 'GP registrar trainee'], ['medico en formacion', 'GP registrar trainee'],
  ['visitador medico', 'drug rep pharmaceutical representative'], ['representante farmaceutico', 'drug rep'],
  ['residente temporal', 'temporary resident'], ['en practicas', 'trainee placement'],
  ['hacer practicas', 'placement'], ['puesto de trabajo', 'job workstation'],

  // Home visits (in Spain a home-visit request is an "aviso"; "visita a domicilio" is in the clinical glossary)
  ['a domicilio', 'home'], ['aviso domiciliario', 'home visit request'], ['aviso a domicilio', 'home visit request'],
  ['pedir aviso', 'request a home visit'], ['hacer aviso', 'home visit'],
  ['salir de aviso', 'go out on a home visit'], ['salir a domicilio', 'home visit'],
  ['salir de visita', 'go out on a home visit'], ['hacer domicilio', 'home visits'],

  // Post, parcels and deliveries ("sobre" alone is "about"; "devolver" alone is to vomit)
  ['sobre cerrado', 'sealed envelope'], ['el pedido', 'the order'], ['un pedido', 'an order'],
  ['los pedidos', 'orders'], ['pedir material', 'order supplies'], ['pedir al proveedor', 'order from the supplier'],
  ['devolver paquete', 'return the parcel'], ['devolver pedido', 'return the order'],
  ['devolver al proveedor', 'return to the supplier'], ['devolver llave', 'return the keys'],
  ['devolver material', 'return supplies'], ['devolver formulario', 'return the form'],
  ['devolver correo', 'reply to the email'], ['por correo', 'by email post'], ['por correo electronico', 'by email'],
  ['correo postal', 'post'], ['correo ordinario', 'post'], ['correo certificado', 'recorded delivery'],
  ['carta certificada', 'recorded delivery letter'], ['oficina de correos', 'post office'],
  ['por mensajeria', 'by courier'],
  ['entregar en mano', 'hand deliver'], ['acuse de recibo', 'acknowledgement of receipt'],

  // Keys, alarms, fire and security
  ['juego de llaves', 'set of keys'], ['copia de llave', 'spare key'], ['llave maestra', 'master key'],
  ['perder llave', 'lost keys'], ['dejar llave', 'leave the keys'], ['codigo de alarma', 'alarm code'],
  ['poner alarma', 'set the alarm'], ['conectar alarma', 'set the alarm'], ['quitar alarma', 'turn off the alarm'],
  ['saltar alarma', 'alarm sounds'], ['alarma de incendio', 'fire alarm'], ['alarma contra incendio', 'fire alarm'],
  ['salida de incendio', 'fire exit'], ['puerta cortafuegos', 'fire door'],
  ['puerta de emergencia', 'fire door emergency exit'], ['boca de incendio', 'fire hose'],
  ['manta ignifuga', 'fire blanket'], ['detector de humo', 'smoke detector'],
  ['plan de evacuacion', 'evacuation plan'], ['evacuacion del edificio', 'building evacuation'],
  ['simulacro de evacuacion', 'evacuation drill fire drill'], ['plan de emergencia', 'emergency plan'],
  ['jefe de emergencia', 'fire warden'], ['llamar bombero', 'call the fire brigade'], ['caja fuerte', 'safe'],
  ['objeto perdido', 'lost property'], ['portero automatico', 'intercom'],

  // Computers, the phone and data
  ['iniciar sesion', 'log in'], ['cerrar sesion', 'log out'], ['entrar en sistema', 'log in'],
  ['entrar al sistema', 'log in'], ['nombre de usuario', 'username'], ['restablecer contrasena', 'reset password'],
  ['copia de seguridad', 'backup'], ['correo basura', 'spam'], ['correo sospechoso', 'suspicious email phishing'],
  ['memoria usb', 'USB stick'], ['lapiz de memoria', 'USB stick'], ['tarjeta inteligente', 'smartcard'],
  ['certificado digital', 'smartcard digital certificate'], ['firma digital', 'digital signature'],
  ['firma electronica', 'electronic signature'], ['no arrancar', 'will not start'],
  ['no encender', 'will not switch on'], ['caer sistema', 'system down'], ['sistema caido', 'system down'],
  ['caer red', 'network down'], ['servicio tecnico', 'IT support'], ['soporte tecnico', 'IT support'],
  ['departamento de informatica', 'IT department'], ['historia clinica electronica', 'electronic patient record'],
  ['bloquear pantalla', 'lock the screen'], ['bloquear ordenador', 'lock the computer'], ['hacer clic', 'click'],
  ['red social', 'social media'], ['brecha de seguridad', 'data breach'], ['brecha de datos', 'data breach'],
  ['fuga de datos', 'data breach'], ['buzon de voz', 'voicemail'], ['llamada perdida', 'missed call'],
  ['desvio de llamadas', 'call divert'], ['numero de historia', 'record number'],

  // Money
  ['caja chica', 'petty cash'], ['cuenta bancaria', 'bank account'], ['numero de cuenta', 'account number'],
  ['tarjeta de credito', 'credit card'], ['transferencia bancaria', 'bank transfer'],
  ['nota de gastos', 'expenses claim'], ['hoja de gastos', 'expenses claim'], ['gastos de viaje', 'travel expenses'],
  ['recibo de sueldo', 'payslip'], ['aceptar regalo', 'accept a gift'],

  // Meetings, training and inductions ("formación" and "reunión" are in the clinical glossary)
  ['sala de reuniones', 'meeting room'], ['reunion de personal', 'staff meeting'], ['orden del dia', 'agenda'],
  ['acta de reunion', 'meeting minutes'], ['curso de reciclaje', 'refresher course'],
  ['formacion obligatoria', 'mandatory training'],
  ['formacion continuada', 'continuing professional development CPD'], ['plan de acogida', 'induction'],
  ['manual de acogida', 'induction handbook'], ['primer dia', 'first day'], ['evaluacion del desempeno', 'appraisal'],
  ['evaluacion anual', 'annual appraisal'], ['en linea', 'online'],

  // Complaints, policies and governance
  ['poner queja', 'make a complaint'], ['queja formal', 'formal complaint'], ['queja laboral', 'grievance'],
  ['defensor del paciente', 'ombudsman patient advocate'], ['atencion al paciente', 'patient services'],
  ['atencion al usuario', 'patient services'], ['canal de denuncia', 'whistleblowing'],
  ['evento significativo', 'significant event'], ['evento adverso', 'adverse event'],
  ['control de infeccion', 'infection control'], ['plan de continuidad', 'business continuity plan'],
  ['codigo de vestimenta', 'dress code'], ['antecedente penal', 'criminal record DBS check'],
  ['certificado de delito sexual', 'DBS check'], ['responsabilidad civil', 'indemnity insurance'],
  ['seguro de responsabilidad civil', 'indemnity insurance'],
  ['libro de estupefacientes', 'controlled drugs register'], ['medicamento controlado', 'controlled drug'],
  ['levantar peso', 'lifting manual handling'], ['levantar carga', 'lifting manual handling'],
  ['manipulacion de carga', 'manual handling'], ['triturar papel', 'shred'],
  ['destruir documento', 'shred documents'], ['papel confidencial', 'confidential waste'],
  ['libro de visitas', 'visitors book'], ['visto bueno', 'approval sign-off'],

  // Prescriptions ("renovar la receta", "receta electrónica" are in the clinical glossary)
  ['receta de repeticion', 'repeat prescription'], ['receta repetida', 'repeat prescription'],
  ['medicacion cronica', 'repeat medication'], ['pedir receta', 'request a prescription'],
  ['recoger receta', 'collect the prescription'], ['de repuesto', 'spare'],
];

/** Irregular forms of verbs of either glossary that the suffix rules cannot reach, to their (folded) infinitive. */
export const everydayIrregularForms: Readonly<Record<string, string>> = {
  // venir, salir, poner, traer: the "-g-" of the present, the future and the strong preterite
  vengo: 'venir', venga: 'venir', vengan: 'venir', vengas: 'venir', vengamos: 'venir', vendra: 'venir',
  vendran: 'venir', vendras: 'venir', vendre: 'venir', vendremos: 'venir', vendria: 'venir', vendrian: 'venir',
  salgo: 'salir', salga: 'salir', salgan: 'salir', salgas: 'salir', salgamos: 'salir', saldra: 'salir',
  saldran: 'salir', saldras: 'salir', saldre: 'salir', saldremos: 'salir', saldria: 'salir', saldrian: 'salir',
  pongo: 'poner', ponga: 'poner', pongan: 'poner', pongas: 'poner', pongamos: 'poner', pon: 'poner', puse: 'poner',
  puso: 'poner', pusimos: 'poner', pusiste: 'poner', pusieron: 'poner', puesto: 'poner', puesta: 'poner',
  puestos: 'poner', puestas: 'poner', pondra: 'poner', pondran: 'poner', pondre: 'poner', pondria: 'poner',
  pondrian: 'poner', traigo: 'traer', traiga: 'traer', traigan: 'traer', traigas: 'traer', trajo: 'traer',
  traje: 'traer', trajimos: 'traer', trajiste: 'traer', trajeron: 'traer', trayendo: 'traer',
  // Compounds of "poner" and "tener" that are glossary words
  repongo: 'reponer', reponga: 'reponer', repuso: 'reponer', pospongo: 'posponer', posponga: 'posponer',
  pospuso: 'posponer', pospuesto: 'posponer', pospuesta: 'posponer', propongo: 'proponer', proponga: 'proponer',
  propuso: 'proponer', propuesto: 'proponer', mantengo: 'mantener', mantenga: 'mantener', mantuvo: 'mantener',
  // decir ("dije" would otherwise read as "dejar"), hacer, querer, poder, saber, tener, estar, haber, ir
  dije: 'decir', dijimos: 'decir', dijiste: 'decir', dijeron: 'decir', diga: 'decir', digan: 'decir', digas: 'decir',
  dicho: 'decir', dira: 'decir', diran: 'decir', dire: 'decir', haga: 'hacer', hagan: 'hacer', hagas: 'hacer',
  hagamos: 'hacer', hice: 'hacer', hicimos: 'hacer', hicieron: 'hacer', hara: 'hacer', haran: 'hacer', hare: 'hacer',
  haremos: 'hacer', quise: 'querer', quisiera: 'querer', quisieron: 'querer', querra: 'querer', querran: 'querer',
  podra: 'poder', podran: 'poder', podras: 'poder', podre: 'poder', podremos: 'poder', supe: 'saber', supo: 'saber',
  supieron: 'saber', sepa: 'saber', sepan: 'saber', sabra: 'saber', sabran: 'saber', tuve: 'tener', tuvimos: 'tener',
  tuvieron: 'tener', tuviera: 'tener', tendra: 'tener', tendran: 'tener', tendre: 'tener', tendremos: 'tener',
  estuve: 'estar', estuvo: 'estar', estuvieron: 'estar', estuviera: 'estar', hay: 'haber', habra: 'haber',
  habria: 'haber', hubo: 'haber', hubiera: 'haber', iba: 'ir', iban: 'ir', ibamos: 'ir', vaya: 'ir', vayan: 'ir',
  vayas: 'ir', vayamos: 'ir', ido: 'ir', di: 'dar',
  // oír, caber, ver, volver, morir, escribir, cubrir, resolver: irregular stems and participles
  oigo: 'oir', oyo: 'oir', oyeron: 'oir', oyendo: 'oir', quepo: 'caber', quepa: 'caber', quepan: 'caber',
  visto: 'ver', vea: 'ver', vean: 'ver', veamos: 'ver', vuelto: 'volver', muerto: 'morir', muerta: 'morir',
  escrito: 'escribir', escrita: 'escribir', cubierto: 'cubrir', cubierta: 'cubrir', resuelto: 'resolver',
  resuelta: 'resolver',
  // "-ducir", "-uir", "-gir", "-ecer", and the "-y-" of leer and caer
  conduje: 'conducir', condujo: 'conducir', condujeron: 'conducir', traduje: 'traducir', tradujo: 'traducir',
  redujo: 'reducir', redujeron: 'reducir', incluye: 'incluir', incluyen: 'incluir', incluya: 'incluir',
  incluyo: 'incluir', distribuye: 'distribuir', distribuyen: 'distribuir', elijo: 'elegir', elija: 'elegir',
  elijan: 'elegir', corrijo: 'corregir', corrija: 'corregir', ofrezco: 'ofrecer', ofrezca: 'ofrecer', leyo: 'leer',
  leyeron: 'leer', leyendo: 'leer', sustituye: 'sustituir', sustituyen: 'sustituir', sustituya: 'sustituir',
  destruye: 'destruir', destruyen: 'destruir', caiga: 'caer', caigan: 'caer', cayendo: 'caer',
  // Forms the suffix rules would send to another word: "viendo" to "vender", "suena" to "sueño" (sleep)
  viendo: 'ver', suena: 'sonar',
};
