-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
--
-- Host: cmdb-db02.corp.internal    Database: hwcatalog
-- ------------------------------------------------------
-- Server version	8.0.36-0ubuntu0.22.04.1
--
-- Dumped 2026-03-02 for ticket HWC-2291 (catalogue clean-up, round 3 of 4).
-- Units live in the column names: *_gb is decimal GB of device memory, *_tflops is the
-- vendor's dense peak, *_w is watts. Bandwidth moved to table `accel_bw` (HWC-2288).
-- Host RAM (host_ram_gib) is GiB and is NOT accelerator memory.

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!50503 SET NAMES utf8mb4 */;

--
-- Table structure for table `accelerators`
--

DROP TABLE IF EXISTS `accelerators`;
CREATE TABLE `accelerators` (
  `id` int unsigned NOT NULL AUTO_INCREMENT,
  `model` varchar(64) NOT NULL,
  `vendor` varchar(32) NOT NULL,
  `form_factor` enum('SXM','OAM','PCIe','M.2','module','board') NOT NULL,
  `mem_gb` decimal(7,1) DEFAULT NULL,
  `fp16_tflops_dense` decimal(8,1) DEFAULT NULL,
  `tdp_w` smallint unsigned DEFAULT NULL,
  `launched` date DEFAULT NULL,
  `list_price_usd` decimal(10,2) DEFAULT NULL,
  `notes` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uk_model` (`model`)
) ENGINE=InnoDB AUTO_INCREMENT=25 DEFAULT CHARSET=utf8mb4;

--
-- Dumping data for table `accelerators`
--

LOCK TABLES `accelerators` WRITE;
/*!40000 ALTER TABLE `accelerators` DISABLE KEYS */;
INSERT INTO `accelerators` VALUES (11,'Instinct MI210','AMD','PCIe',64.0,181.0,300,'2022-03-22',NULL,'per datasheet; 6 nm');
INSERT INTO `accelerators` VALUES (12,'Instinct MI250X','AMD','OAM',64.0,383.0,560,'2021-11-08',NULL,'OAM module, two GCDs');
INSERT INTO `accelerators` VALUES (13,'A30','NVIDIA','PCIe',24.0,165.0,165,'2021-04-12',4650.00,'list price from the 2025 partner sheet');
INSERT INTO `accelerators` VALUES (15,'NVIDIA A16','NVIDIA','board',64.0,NULL,250,'2021-04-12',NULL,'board of four GPUs with 16 GB each; VDI only');
INSERT INTO `accelerators` VALUES (16,'H100 NVL','NVIDIA','PCIe',94.0,835.5,400,'2023-03-21',28500.00,'TDP configurable 350-400 W; bridged pairs');
INSERT INTO `accelerators` VALUES (17,'H200 NVL','NVIDIA','PCIe',141.0,1671.0,600,'2024-11-18',31900.00,'max TDP 600 W; price is a reseller quote, not confirmed by NVIDIA');
INSERT INTO `accelerators` VALUES (18,'GH200','NVIDIA','module',96.0,989.5,1000,'2023-05-29',NULL,'module power 450-1000 W; mem_gb is HBM3 only, plus 480 GB LPDDR5X on the Grace side');
INSERT INTO `accelerators` VALUES (19,'HL-225H','Intel','OAM',96.0,NULL,600,'2022-05-10',NULL,'Gaudi 2 mezzanine card; Intel quotes 432 TFLOPS BF16 dense, FP16 left NULL');
INSERT INTO `accelerators` VALUES (20,'Jetson AGX Orin 64GB','NVIDIA','module',64.0,NULL,60,'2022-11-15',1599.00,'LPDDR5; 275 TOPS INT8 sparse; 15-60 W by nvpmodel profile');
INSERT INTO `accelerators` VALUES (22,'Metis AIPU','Axelera','M.2',NULL,NULL,NULL,'2024-10-01',149.00,'4 AI cores, 52 MB on-chip SRAM, 214 TOPS INT8 (dense), 12 nm; typical 3.5 W on the M.2 card');
INSERT INTO `accelerators` VALUES (23,'A16 (dup)','NVIDIA','board',NULL,NULL,NULL,NULL,NULL,'duplicate of id 15, to be deleted');
/*!40000 ALTER TABLE `accelerators` ENABLE KEYS */;
UNLOCK TABLES;

--
-- Table structure for table `systems`
--

DROP TABLE IF EXISTS `systems`;
CREATE TABLE `systems` (
  `id` int unsigned NOT NULL AUTO_INCREMENT,
  `name` varchar(64) NOT NULL,
  `accel_id` int unsigned NOT NULL,
  `accel_count` tinyint unsigned NOT NULL,
  `host_ram_gib` smallint unsigned DEFAULT NULL,
  `sys_power_kw` decimal(4,1) DEFAULT NULL,
  `list_price_usd` decimal(11,2) DEFAULT NULL,
  `notes` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_accel` (`accel_id`)
) ENGINE=InnoDB AUTO_INCREMENT=9 DEFAULT CHARSET=utf8mb4;

LOCK TABLES `systems` WRITE;
INSERT INTO `systems` VALUES (3,'ARS-111GL-NHR',18,1,NULL,2.0,NULL,'1U; the single GH200 is the whole host');
INSERT INTO `systems` VALUES (4,'HLS-Gaudi2',19,8,1024,7.2,NULL,'24 x 100 GbE RoCE per Gaudi 2 chip: 21 ports stay inside the box, 3 go to scale-out');
INSERT INTO `systems` VALUES (7,'edge-kit-orin',20,1,NULL,NULL,NULL,'store kiosk build, see HWC-2307');
UNLOCK TABLES;

--
-- Corrections applied by hand after the dump (HWC-2291). Run once.
--
-- MI250X: row 12 said 64.0 GB, which is one GCD. The OAM module carries 128 GB HBM2e.
UPDATE `accelerators` SET `mem_gb` = 128.0 WHERE `id` = 12;
-- A16: a vendor listing claimed 96 GB for the board; that is wrong (vGPU profile sum). 64 stays.
-- H100 NVL in accel_bw: someone typed 3.35 TB/s from the SXM sheet in rev 2; 3.9 TB/s is right.
-- HLS-Gaudi2 power: PDU readings peak at about 6.4 kW under HPL; the 7.2 kW rating stays in the table.
-- Jetson price went up: was 1599.00, now 1999.00 (distributor list, Feb 2026).
UPDATE `accelerators` SET `list_price_usd` = 1999.00 WHERE `id` = 20;
DELETE FROM `accelerators` WHERE `id` = 23;

/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
-- Dump completed on 2026-03-02 17:44:09
