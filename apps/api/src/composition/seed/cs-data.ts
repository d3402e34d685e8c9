/**
 * Demo customer-service content (seed step `cs-v1`): question types and FAQ entries, general and per demo game,
 * in the five languages. Games are named by their `game_id`; plain text with line breaks kept.
 */
export type Lang = 'en' | 'th' | 'cn' | 'vi' | 'zh';
export type Texts = Record<Lang, string>;

export interface DemoQuestionType {
  slug: string;
  /** The game's `game_id`, or null for every game. */
  gameId: string | null;
  forFaq: boolean;
  forTicket: boolean;
  names: Texts;
}

export interface DemoFaq {
  slug: string;
  gameId: string | null;
  type: string;
  title: Texts;
  content: Texts;
}

export const demoQuestionTypes: DemoQuestionType[] = [
  {
    slug: 'account',
    gameId: null,
    forFaq: true,
    forTicket: true,
    names: {
      en: 'Account & login',
      th: 'บัญชีและการเข้าสู่ระบบ',
      cn: '账号与登录',
      vi: 'Tài khoản & đăng nhập',
      zh: '帳號與登入',
    },
  },
  {
    slug: 'payment',
    gameId: null,
    forFaq: true,
    forTicket: true,
    names: {
      en: 'Top-up & payment',
      th: 'การเติมเงินและการชำระเงิน',
      cn: '充值与支付',
      vi: 'Nạp tiền & thanh toán',
      zh: '儲值與付款',
    },
  },
  {
    slug: 'bug',
    gameId: null,
    forFaq: true,
    forTicket: true,
    names: { en: 'Bugs & errors', th: 'บั๊กและข้อผิดพลาด', cn: 'BUG与异常', vi: 'Lỗi & sự cố', zh: 'BUG與異常' },
  },
  {
    slug: 'gameplay',
    gameId: null,
    forFaq: true,
    forTicket: true,
    names: { en: 'Gameplay', th: 'วิธีการเล่น', cn: '游戏玩法', vi: 'Lối chơi', zh: '遊戲玩法' },
  },
  {
    slug: 'events',
    gameId: null,
    forFaq: true,
    forTicket: true,
    names: {
      en: 'Events & rewards',
      th: 'กิจกรรมและของรางวัล',
      cn: '活动与奖励',
      vi: 'Sự kiện & phần thưởng',
      zh: '活動與獎勵',
    },
  },
  {
    slug: 'suggestion',
    gameId: null,
    forFaq: false,
    forTicket: true,
    names: { en: 'Suggestions', th: 'ข้อเสนอแนะ', cn: '意见与建议', vi: 'Góp ý', zh: '意見與建議' },
  },
  {
    slug: 'other',
    gameId: null,
    forFaq: false,
    forTicket: true,
    names: { en: 'Other', th: 'อื่น ๆ', cn: '其他', vi: 'Khác', zh: '其他' },
  },
  {
    slug: 'sfl-guild',
    gameId: 'sfl_sea',
    forFaq: true,
    forTicket: true,
    names: { en: 'Guilds', th: 'กิลด์', cn: '公会', vi: 'Bang hội', zh: '公會' },
  },
  {
    slug: 'ltb-sect',
    gameId: 'ltb_sea',
    forFaq: true,
    forTicket: true,
    names: {
      en: 'Sects & duels',
      th: 'สำนักและการประลอง',
      cn: '门派与切磋',
      vi: 'Môn phái & tỷ thí',
      zh: '門派與切磋',
    },
  },
  {
    slug: 'msr-league',
    gameId: 'msr_sea',
    forFaq: true,
    forTicket: true,
    names: { en: 'Racing league', th: 'ลีกการแข่งรถ', cn: '赛车联赛', vi: 'Giải đua', zh: '賽車聯賽' },
  },
  {
    slug: 'hod-fleet',
    gameId: 'hod_sea',
    forFaq: true,
    forTicket: true,
    names: {
      en: 'Fleet & harbor',
      th: 'กองเรือและท่าเรือ',
      cn: '舰队与港口',
      vi: 'Hạm đội & bến cảng',
      zh: '艦隊與港口',
    },
  },
];

export const demoFaqs: DemoFaq[] = [
  {
    slug: 'reset-password',
    gameId: null,
    type: 'account',
    title: {
      en: 'How do I reset my password?',
      th: 'จะรีเซ็ตรหัสผ่านได้อย่างไร',
      cn: '如何重置密码？',
      vi: 'Làm thế nào để đặt lại mật khẩu?',
      zh: '如何重設密碼？',
    },
    content: {
      en: 'On the login page, choose "Forgot password", enter the phone number or e-mail of your account and the verification code we send you, then set a new password of 6-16 letters or numbers.\nIf you no longer use that phone number or e-mail, submit a ticket under "Account & login" with your character ID and we\'ll help you recover the account.',
      th: 'ที่หน้าเข้าสู่ระบบ ให้เลือก "ลืมรหัสผ่าน" กรอกหมายเลขโทรศัพท์หรืออีเมลของบัญชี และรหัสยืนยันที่เราส่งให้ จากนั้นตั้งรหัสผ่านใหม่ความยาว 6-16 ตัว ประกอบด้วยตัวอักษรภาษาอังกฤษหรือตัวเลข\nหากคุณไม่ได้ใช้หมายเลขโทรศัพท์หรืออีเมลนั้นแล้ว กรุณาส่งคำร้องในหมวด "บัญชีและการเข้าสู่ระบบ" พร้อมแจ้ง ID ตัวละคร แล้วเราจะช่วยกู้คืนบัญชีให้',
      cn: '在登录页面点击“忘记密码”，输入账号绑定的手机号或邮箱以及我们发送的验证码，然后设置6-16位由英文字母或数字组成的新密码。\n如果您已不再使用该手机号或邮箱，请在“账号与登录”类型下提交工单并提供角色ID，我们会协助您找回账号。',
      vi: 'Tại trang đăng nhập, chọn "Quên mật khẩu", nhập số điện thoại hoặc email của tài khoản và mã xác minh chúng tôi gửi cho bạn, sau đó đặt mật khẩu mới gồm 6-16 chữ cái tiếng Anh hoặc chữ số.\nNếu bạn không còn dùng số điện thoại hoặc email đó, hãy gửi yêu cầu hỗ trợ trong mục "Tài khoản & đăng nhập" kèm ID nhân vật, chúng tôi sẽ giúp bạn lấy lại tài khoản.',
      zh: '請在登入頁面點選「忘記密碼」，輸入帳號綁定的手機號碼或電子信箱，以及我們寄送的驗證碼，再設定6-16位由英文字母或數字組成的新密碼。\n若您已不再使用該手機號碼或電子信箱，請於「帳號與登入」類型提交客服單並提供角色ID，我們將協助您找回帳號。',
    },
  },
  {
    slug: 'top-up-not-received',
    gameId: null,
    type: 'payment',
    title: {
      en: "I paid but my credit hasn't arrived",
      th: 'ชำระเงินแล้วแต่ยังไม่ได้รับเครดิต',
      cn: '已付款但未到账怎么办？',
      vi: 'Đã thanh toán nhưng chưa nhận được tiền nạp',
      zh: '已付款但未入帳怎麼辦？',
    },
    content: {
      en: 'Credit usually arrives within a few minutes, but in some cases it can take 10-15 minutes. Please don\'t pay again.\nOpen your top-up history and choose "Query payment result" to check the order. If the credit still hasn\'t arrived after 15 minutes, submit a ticket under "Top-up & payment" with the order number and a screenshot of your payment receipt.',
      th: 'โดยปกติเครดิตจะเข้าภายในไม่กี่นาที แต่บางกรณีอาจใช้เวลา 10-15 นาที กรุณาอย่าชำระเงินซ้ำ\nให้เปิดประวัติการเติมเงินแล้วเลือก "ตรวจสอบผลการชำระเงิน" เพื่อเช็กสถานะคำสั่งซื้อ หากผ่านไป 15 นาทีแล้วยังไม่ได้รับเครดิต กรุณาส่งคำร้องในหมวด "การเติมเงินและการชำระเงิน" พร้อมแนบหมายเลขคำสั่งซื้อและภาพหน้าจอใบเสร็จการชำระเงิน',
      cn: '充值通常几分钟内到账，部分情况下可能需要10-15分钟，请勿重复付款。\n您可以打开充值记录，点击“查询支付结果”查看订单状态。如果15分钟后仍未到账，请在“充值与支付”类型下提交工单，并附上订单号和付款凭证截图。',
      vi: 'Tiền nạp thường được cộng trong vài phút, nhưng đôi khi có thể mất 10-15 phút. Vui lòng không thanh toán lại.\nHãy mở lịch sử nạp tiền và chọn "Kiểm tra kết quả thanh toán" để xem trạng thái đơn hàng. Nếu sau 15 phút vẫn chưa nhận được, hãy gửi yêu cầu hỗ trợ trong mục "Nạp tiền & thanh toán" kèm mã đơn hàng và ảnh chụp màn hình biên lai thanh toán.',
      zh: '儲值通常會在幾分鐘內入帳，部分情況可能需要10-15分鐘，請勿重複付款。\n您可以開啟儲值紀錄，點選「查詢付款結果」確認訂單狀態。若15分鐘後仍未入帳，請於「儲值與付款」類型提交客服單，並附上訂單編號及付款憑證截圖。',
    },
  },
  {
    slug: 'bug-report-details',
    gameId: null,
    type: 'bug',
    title: {
      en: 'What should I include in a bug report?',
      th: 'ควรแจ้งข้อมูลอะไรบ้างเมื่อรายงานบั๊ก',
      cn: '反馈BUG时需要提供哪些信息？',
      vi: 'Cần cung cấp thông tin gì khi báo lỗi?',
      zh: '回報BUG時需要提供哪些資訊？',
    },
    content: {
      en: "Tell us your character ID and name, the server, what you were doing and when it happened.\nScreenshots (JPG or PNG) and the game's log file (.log) help us find the cause much faster; each file can be up to 5 MB.",
      th: 'กรุณาแจ้ง ID และชื่อตัวละคร เซิร์ฟเวอร์ สิ่งที่คุณกำลังทำอยู่ และเวลาที่เกิดปัญหา\nการแนบภาพหน้าจอ (JPG หรือ PNG) และไฟล์บันทึกของเกม (.log) จะช่วยให้เราหาสาเหตุได้เร็วขึ้นมาก แต่ละไฟล์มีขนาดได้ไม่เกิน 5 MB',
      cn: '请告诉我们您的角色ID和角色名、所在服务器、当时正在进行的操作以及发生时间。\n附上截图（JPG或PNG）和游戏日志文件（.log）能帮助我们更快找到原因，每个文件不超过5 MB。',
      vi: 'Hãy cho chúng tôi biết ID và tên nhân vật, máy chủ, bạn đang làm gì và thời điểm xảy ra lỗi.\nẢnh chụp màn hình (JPG hoặc PNG) và tệp nhật ký của trò chơi (.log) sẽ giúp chúng tôi tìm ra nguyên nhân nhanh hơn nhiều; mỗi tệp tối đa 5 MB.',
      zh: '請告訴我們您的角色ID與角色名稱、所在伺服器、當時正在進行的操作以及發生時間。\n附上截圖（JPG或PNG）與遊戲記錄檔（.log）能幫助我們更快找出原因，每個檔案不可超過5 MB。',
    },
  },
  {
    slug: 'sfl-join-guild',
    gameId: 'sfl_sea',
    type: 'sfl-guild',
    title: {
      en: 'How do I join a guild?',
      th: 'จะเข้าร่วมกิลด์ได้อย่างไร',
      cn: '如何加入公会？',
      vi: 'Làm sao để gia nhập bang hội?',
      zh: '如何加入公會？',
    },
    content: {
      en: 'Guilds unlock at character level 15. Open the Guild menu, search for a guild by name or pick one from the recommended list, and send a request. You can also accept an invitation from a guild leader.\nAfter leaving a guild you must wait 12 hours before joining another.',
      th: 'ระบบกิลด์จะปลดล็อกเมื่อตัวละครถึงเลเวล 15 เปิดเมนูกิลด์ ค้นหากิลด์ด้วยชื่อหรือเลือกจากรายการแนะนำ แล้วส่งคำขอเข้าร่วม หรือจะตอบรับคำเชิญจากหัวหน้ากิลด์ก็ได้\nหลังออกจากกิลด์ต้องรอ 12 ชั่วโมงจึงจะเข้าร่วมกิลด์ใหม่ได้',
      cn: '角色达到15级后解锁公会功能。打开公会界面，按名称搜索公会或从推荐列表中选择，然后发送申请；也可以接受会长发来的邀请。\n退出公会后需等待12小时才能加入新的公会。',
      vi: 'Bang hội mở khi nhân vật đạt cấp 15. Mở menu Bang hội, tìm bang theo tên hoặc chọn trong danh sách đề xuất rồi gửi yêu cầu gia nhập. Bạn cũng có thể chấp nhận lời mời từ bang chủ.\nSau khi rời bang, bạn phải chờ 12 giờ mới có thể gia nhập bang khác.',
      zh: '角色達到15級後開放公會功能。開啟公會介面，依名稱搜尋公會或從推薦清單中選擇，再送出申請；也可以接受會長發出的邀請。\n退出公會後需等待12小時才能加入新的公會。',
    },
  },
  {
    slug: 'sfl-crash-on-start',
    gameId: 'sfl_sea',
    type: 'bug',
    title: {
      en: 'Starfall Legends closes right after it starts',
      th: 'เกมตำนานดาวตกปิดตัวเองทันทีหลังเปิด',
      cn: '《星陨传说》启动后立即闪退',
      vi: 'Huyền Thoại Sao Băng bị thoát ngay sau khi mở',
      zh: '《星隕傳說》開啟後立即閃退',
    },
    content: {
      en: 'Make sure your device has at least 3 GB of free storage and the latest version of the game, then restart the device. If the game still closes, clear the game\'s cache in your device settings (your progress is kept on our servers).\nStill stuck? Submit a ticket under "Bugs & errors" with your device model and a screenshot.',
      th: 'ตรวจสอบว่าอุปกรณ์มีพื้นที่ว่างอย่างน้อย 3 GB และติดตั้งเกมเวอร์ชันล่าสุดแล้ว จากนั้นรีสตาร์ตอุปกรณ์ หากเกมยังปิดตัวเองอยู่ ให้ล้างแคชของเกมในการตั้งค่าอุปกรณ์ (ความคืบหน้าในเกมจะถูกเก็บไว้ในเซิร์ฟเวอร์ของเรา)\nหากยังแก้ไม่ได้ กรุณาส่งคำร้องในหมวด "บั๊กและข้อผิดพลาด" พร้อมแจ้งรุ่นอุปกรณ์และแนบภาพหน้าจอ',
      cn: '请确认设备至少有3 GB可用存储空间并已更新到最新版本，然后重启设备。如果仍然闪退，请在设备设置中清除游戏缓存（游戏进度保存在我们的服务器上，不会丢失）。\n问题仍未解决的话，请在“BUG与异常”类型下提交工单，并注明设备型号、附上截图。',
      vi: 'Hãy đảm bảo thiết bị còn trống ít nhất 3 GB và đã cài phiên bản mới nhất của trò chơi, sau đó khởi động lại thiết bị. Nếu trò chơi vẫn bị thoát, hãy xóa bộ nhớ đệm của trò chơi trong phần cài đặt thiết bị (tiến trình chơi được lưu trên máy chủ của chúng tôi).\nNếu vẫn chưa khắc phục được, hãy gửi yêu cầu hỗ trợ trong mục "Lỗi & sự cố" kèm tên thiết bị và ảnh chụp màn hình.',
      zh: '請確認裝置至少有3 GB可用儲存空間，且已更新至最新版本，再重新啟動裝置。若仍然閃退，請在裝置設定中清除遊戲快取（遊戲進度保存在我們的伺服器上，不會遺失）。\n問題仍未解決的話，請於「BUG與異常」類型提交客服單，並註明裝置型號、附上截圖。',
    },
  },
  {
    slug: 'ltb-change-sect',
    gameId: 'ltb_sea',
    type: 'ltb-sect',
    title: {
      en: 'Can I change my sect?',
      th: 'เปลี่ยนสำนักได้หรือไม่',
      cn: '可以更换门派吗？',
      vi: 'Tôi có thể đổi môn phái không?',
      zh: '可以更換門派嗎？',
    },
    content: {
      en: "Yes. Once your character reaches level 40, talk to the Sect Elder in the capital and use a Sect Transfer Token.\nYour skills are converted to the new sect's skills of the same level, and you can change sect again after 7 days.",
      th: 'ได้ เมื่อตัวละครถึงเลเวล 40 ให้ไปคุยกับผู้อาวุโสประจำสำนักในเมืองหลวงแล้วใช้ตราย้ายสำนัก\nสกิลของคุณจะถูกแปลงเป็นสกิลของสำนักใหม่ในระดับเดียวกัน และสามารถเปลี่ยนสำนักอีกครั้งได้หลังจาก 7 วัน',
      cn: '可以。角色达到40级后，前往主城与门派长老对话并使用转派令即可。\n原有技能会转换为新门派同等级的技能，7天后可再次转派。',
      vi: 'Có. Khi nhân vật đạt cấp 40, hãy đến gặp Trưởng lão môn phái ở kinh thành và dùng Lệnh chuyển phái.\nKỹ năng của bạn sẽ được chuyển thành kỹ năng cùng cấp của môn phái mới, và sau 7 ngày bạn có thể đổi phái lần nữa.',
      zh: '可以。角色達到40級後，前往主城與門派長老對話並使用轉派令即可。\n原有技能會轉換為新門派同等級的技能，7天後可再次轉派。',
    },
  },
  {
    slug: 'ltb-event-rewards',
    gameId: 'ltb_sea',
    type: 'events',
    title: {
      en: 'Where are my event rewards?',
      th: 'ของรางวัลกิจกรรมอยู่ที่ไหน',
      cn: '活动奖励在哪里领取？',
      vi: 'Phần thưởng sự kiện của tôi ở đâu?',
      zh: '活動獎勵在哪裡領取？',
    },
    content: {
      en: 'Event rewards are sent to your in-game mailbox within 24 hours after the event ends. Mail is kept for 30 days, so claim it in time.\nIf a reward is missing after 24 hours, submit a ticket under "Events & rewards" with the event name and your character ID.',
      th: 'ของรางวัลกิจกรรมจะถูกส่งเข้ากล่องจดหมายในเกมภายใน 24 ชั่วโมงหลังกิจกรรมสิ้นสุด จดหมายจะถูกเก็บไว้ 30 วัน กรุณารับของรางวัลให้ทันเวลา\nหากผ่านไป 24 ชั่วโมงแล้วยังไม่ได้รับ กรุณาส่งคำร้องในหมวด "กิจกรรมและของรางวัล" พร้อมแจ้งชื่อกิจกรรมและ ID ตัวละคร',
      cn: '活动结束后24小时内，奖励会发送到游戏内邮箱。邮件保留30天，请及时领取。\n如果24小时后仍未收到奖励，请在“活动与奖励”类型下提交工单，并注明活动名称和角色ID。',
      vi: 'Phần thưởng sự kiện sẽ được gửi vào hộp thư trong trò chơi trong vòng 24 giờ sau khi sự kiện kết thúc. Thư được lưu 30 ngày, hãy nhận kịp thời.\nNếu sau 24 giờ vẫn chưa nhận được, hãy gửi yêu cầu hỗ trợ trong mục "Sự kiện & phần thưởng" kèm tên sự kiện và ID nhân vật.',
      zh: '活動結束後24小時內，獎勵會寄送至遊戲內信箱。信件保留30天，請及時領取。\n若24小時後仍未收到獎勵，請於「活動與獎勵」類型提交客服單，並註明活動名稱與角色ID。',
    },
  },
  {
    slug: 'msr-league-season',
    gameId: 'msr_sea',
    type: 'msr-league',
    title: {
      en: 'How does a racing league season work?',
      th: 'ฤดูกาลของลีกการแข่งรถทำงานอย่างไร',
      cn: '赛车联赛赛季是如何进行的？',
      vi: 'Một mùa giải đua diễn ra như thế nào?',
      zh: '賽車聯賽賽季如何進行？',
    },
    content: {
      en: 'Each season lasts four weeks. Your league points come from your best 10 races each week, and at the end of the season the top players of each division move up.\nSeason rewards are sent by in-game mail on the Monday after the season ends.',
      th: 'แต่ละฤดูกาลมีระยะเวลา 4 สัปดาห์ คะแนนลีกจะคิดจากผลการแข่งที่ดีที่สุด 10 รอบในแต่ละสัปดาห์ เมื่อจบฤดูกาล ผู้เล่นอันดับต้น ๆ ของแต่ละดิวิชันจะได้เลื่อนขั้น\nของรางวัลประจำฤดูกาลจะส่งทางจดหมายในเกมในวันจันทร์หลังฤดูกาลสิ้นสุด',
      cn: '每个赛季为期四周。联赛积分取自您每周成绩最好的10场比赛，赛季结束时各级别排名靠前的玩家将晋级。\n赛季奖励会在赛季结束后的周一通过游戏内邮件发放。',
      vi: 'Mỗi mùa giải kéo dài bốn tuần. Điểm giải đua được tính từ 10 cuộc đua tốt nhất của bạn mỗi tuần, và khi mùa giải kết thúc, những người chơi dẫn đầu mỗi hạng sẽ được thăng hạng.\nPhần thưởng mùa giải được gửi qua thư trong trò chơi vào thứ Hai sau khi mùa giải kết thúc.',
      zh: '每個賽季為期四週。聯賽積分取自您每週成績最好的10場比賽，賽季結束時各級別排名前列的玩家將晉級。\n賽季獎勵會在賽季結束後的週一透過遊戲內信件發放。',
    },
  },
  {
    slug: 'msr-race-not-recorded',
    gameId: 'msr_sea',
    type: 'bug',
    title: {
      en: 'My race result was not recorded',
      th: 'ผลการแข่งไม่ถูกบันทึก',
      cn: '比赛成绩没有记录',
      vi: 'Kết quả cuộc đua của tôi không được ghi nhận',
      zh: '比賽成績沒有記錄',
    },
    content: {
      en: 'Results are saved when you reach the finish screen. If the connection dropped during the race, the result may be lost.\nCheck that you have a stable connection; if a finished race is missing from your history, submit a ticket under "Bugs & errors" with the time of the race and a screenshot of the result.',
      th: 'ผลการแข่งจะถูกบันทึกเมื่อคุณเข้าสู่หน้าจอเส้นชัย หากการเชื่อมต่อหลุดระหว่างแข่ง ผลการแข่งอาจสูญหาย\nกรุณาตรวจสอบว่าการเชื่อมต่ออินเทอร์เน็ตเสถียร หากการแข่งที่จบแล้วไม่ปรากฏในประวัติ กรุณาส่งคำร้องในหมวด "บั๊กและข้อผิดพลาด" พร้อมแจ้งเวลาที่แข่งและแนบภาพหน้าจอผลการแข่ง',
      cn: '进入终点结算界面时成绩才会保存。如果比赛途中断线，成绩可能会丢失。\n请确认网络连接稳定；如果已完成的比赛没有出现在记录中，请在“BUG与异常”类型下提交工单，注明比赛时间并附上成绩截图。',
      vi: 'Kết quả được lưu khi bạn vào màn hình về đích. Nếu mất kết nối giữa cuộc đua, kết quả có thể bị mất.\nHãy kiểm tra kết nối mạng ổn định; nếu một cuộc đua đã hoàn thành không có trong lịch sử, hãy gửi yêu cầu hỗ trợ trong mục "Lỗi & sự cố" kèm thời gian đua và ảnh chụp màn hình kết quả.',
      zh: '進入終點結算畫面時才會儲存成績。若比賽途中斷線，成績可能會遺失。\n請確認網路連線穩定；若已完成的比賽沒有出現在紀錄中，請於「BUG與異常」類型提交客服單，註明比賽時間並附上成績截圖。',
    },
  },
  {
    slug: 'hod-expand-harbor',
    gameId: 'hod_sea',
    type: 'hod-fleet',
    title: {
      en: 'How do I expand my harbor?',
      th: 'จะขยายท่าเรือได้อย่างไร',
      cn: '如何扩建港口？',
      vi: 'Làm sao để mở rộng bến cảng?',
      zh: '如何擴建港口？',
    },
    content: {
      en: "Upgrade your Harbor Master's Office to unlock new docks. Each upgrade needs timber, iron and gold, and takes longer at higher levels.\nJoining an alliance lets allies speed up your construction.",
      th: 'อัปเกรดสำนักงานนายท่าเพื่อปลดล็อกท่าจอดเรือใหม่ การอัปเกรดแต่ละครั้งต้องใช้ไม้ เหล็ก และทองคำ และจะใช้เวลานานขึ้นเมื่อเลเวลสูงขึ้น\nการเข้าร่วมพันธมิตรจะทำให้เพื่อนร่วมพันธมิตรช่วยเร่งการก่อสร้างให้คุณได้',
      cn: '升级港务厅即可解锁新的船坞。每次升级需要消耗木材、铁矿和金币，等级越高耗时越长。\n加入联盟后，盟友可以帮助您加快建造速度。',
      vi: 'Nâng cấp Phòng Cảng vụ để mở khóa bến tàu mới. Mỗi lần nâng cấp cần gỗ, sắt và vàng, và cấp càng cao thì thời gian càng lâu.\nGia nhập liên minh giúp đồng minh có thể tăng tốc xây dựng cho bạn.',
      zh: '升級港務廳即可解鎖新的船塢。每次升級需要消耗木材、鐵礦與金幣，等級越高耗時越長。\n加入聯盟後，盟友可以協助您加快建造速度。',
    },
  },
  {
    slug: 'hod-daily-login',
    gameId: 'hod_sea',
    type: 'events',
    title: {
      en: 'How do I claim daily login rewards?',
      th: 'จะรับรางวัลล็อกอินรายวันได้อย่างไร',
      cn: '如何领取每日登录奖励？',
      vi: 'Làm sao để nhận thưởng đăng nhập hằng ngày?',
      zh: '如何領取每日登入獎勵？',
    },
    content: {
      en: "Log in once a day and open the Calendar on the main screen to claim the day's reward. The calendar resets at 00:00 (UTC+7).\nIf you miss a day you can make it up with a Make-up Ticket from the event shop.",
      th: 'ล็อกอินวันละครั้งแล้วเปิดปฏิทินที่หน้าจอหลักเพื่อรับรางวัลของวันนั้น ปฏิทินจะรีเซ็ตเวลา 00:00 น. (UTC+7)\nหากพลาดวันใดไป สามารถรับย้อนหลังได้ด้วยบัตรเช็กอินย้อนหลังจากร้านค้ากิจกรรม',
      cn: '每天登录一次，打开主界面的签到日历即可领取当天奖励。日历在每天00:00（UTC+7）重置。\n错过的日期可以使用活动商店中的补签卡补领。',
      vi: 'Đăng nhập mỗi ngày một lần và mở Lịch ở màn hình chính để nhận phần thưởng của ngày. Lịch được đặt lại lúc 00:00 (UTC+7).\nNếu lỡ một ngày, bạn có thể nhận bù bằng Vé điểm danh bù trong cửa hàng sự kiện.',
      zh: '每天登入一次，開啟主畫面的簽到日曆即可領取當天獎勵。日曆於每天00:00（UTC+7）重置。\n錯過的日期可以使用活動商店中的補簽卡補領。',
    },
  },
];
